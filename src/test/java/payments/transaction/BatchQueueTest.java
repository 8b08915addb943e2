package payments.transaction;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which waiting payments go into the next batch while others commit. */
class BatchQueueTest {

    /** A payment named by the rows it locks, e.g. "a,b". */
    private static BatchQueue<String> queue(String... payments) {
        BatchQueue<String> queue = new BatchQueue<>(payment -> Set.of((Object[]) payment.split(",")));
        List.of(payments).forEach(payment -> queue.offer(payment, 100));
        return queue;
    }

    @Test
    void withNothingCommittingEverythingWaitingGoesUpToTheSizeLimit() {
        BatchQueue<String> queue = queue("a,b", "a,c", "b,c");

        BatchQueue.Batch<String> batch = queue.next(2, 2, 1);

        assertEquals(List.of("a,b", "a,c"), batch.items());
        assertEquals(Set.of("a", "b", "c"), batch.rows());
        assertFalse(queue.isEmpty());
    }

    @Test
    void noNewBatchWhileMaxInFlightAreCommitting() {
        BatchQueue<String> queue = queue("a,b");
        BatchQueue.Batch<String> first = queue.next(1, 10, 1);
        assertTrue(queue.offer("c,d", 100));

        assertNull(queue.next(1, 10, 1));
        queue.finished(first);
        assertEquals(List.of("c,d"), queue.next(1, 10, 1).items());
    }

    @Test
    void theNextBatchIsBuiltOnlyOnceTheOneBeforeHasSentItsCommit() {
        BatchQueue<String> queue = queue("a,b");
        BatchQueue.Batch<String> first = queue.next(2, 10, 1);
        assertTrue(queue.offer("c,d", 100));

        assertNull(queue.next(2, 10, 1), "one batch is built at a time");
        queue.commitSent(first);
        BatchQueue.Batch<String> second = queue.next(2, 10, 1);
        assertEquals(List.of("c,d"), second.items());
        queue.commitSent(second);
        assertTrue(queue.offer("e,f", 100));
        assertNull(queue.next(2, 10, 1), "two in flight, waiting for their commits");
        queue.finished(first);
        assertEquals(List.of("e,f"), queue.next(2, 10, 1).items());
    }

    @Test
    void besideCommittingBatchesANewOneStartsOnlyWithEnoughWaiting() {
        BatchQueue<String> queue = queue("a,b");
        queue.commitSent(queue.next(2, 10, 3));
        assertTrue(queue.offer("c,d", 100));
        assertTrue(queue.offer("e,f", 100));
        assertNull(queue.next(2, 10, 3), "two waiting: better in the next batch than in a small one beside");
        assertTrue(queue.offer("g,h", 100));
        assertEquals(List.of("c,d", "e,f", "g,h"), queue.next(2, 10, 3).items());
    }

    @Test
    void besideACommittingBatchOnlyPaymentsOnOtherRowsStart() {
        BatchQueue<String> queue = queue("a,b");
        BatchQueue.Batch<String> first = queue.next(2, 10, 1);
        queue.commitSent(first);
        assertTrue(queue.offer("a,c", 100));
        assertTrue(queue.offer("d,e", 100));
        // Shares no row with the committing batch, but one with "a,c" held back before it.
        assertTrue(queue.offer("c,f", 100));
        assertTrue(queue.offer("e,g", 100));

        BatchQueue.Batch<String> second = queue.next(2, 10, 1);
        assertEquals(List.of("d,e", "e,g"), second.items());
        assertFalse(queue.isEmpty());
        queue.commitSent(second);

        queue.finished(first);
        assertEquals(List.of("a,c", "c,f"), queue.next(3, 10, 1).items());
        assertTrue(queue.isEmpty());
    }

    @Test
    void noBatchWhenEveryWaitingPaymentNeedsACommittingBatchsRows() {
        BatchQueue<String> queue = queue("hot,a");
        queue.commitSent(queue.next(2, 10, 1));
        assertTrue(queue.offer("hot,b", 100));
        assertTrue(queue.offer("c,hot", 100));

        assertNull(queue.next(2, 10, 1));
        assertFalse(queue.isEmpty());
    }

    @Test
    void aFullQueueRefusesMoreWaitingPayments() {
        BatchQueue<String> queue = queue("a,b");
        assertTrue(queue.offer("c,d", 2));
        assertFalse(queue.offer("e,f", 2));
        assertEquals(2, queue.waiting());

        queue.next(1, 10, 1);
        assertEquals(0, queue.waiting());
        assertTrue(queue.offer("e,f", 2));
    }
}
