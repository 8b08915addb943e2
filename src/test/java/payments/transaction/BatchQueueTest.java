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

        BatchQueue.Batch<String> batch = queue.next(2, 2);

        assertEquals(List.of("a,b", "a,c"), batch.items());
        assertEquals(Set.of("a", "b", "c"), batch.rows());
        assertFalse(queue.isEmpty());
    }

    @Test
    void noNewBatchWhileMaxInFlightAreCommitting() {
        BatchQueue<String> queue = queue("a,b");
        BatchQueue.Batch<String> first = queue.next(1, 10);
        assertTrue(queue.offer("c,d", 100));

        assertNull(queue.next(1, 10));
        queue.finished(first);
        assertEquals(List.of("c,d"), queue.next(1, 10).items());
    }

    @Test
    void besideACommittingBatchOnlyPaymentsOnOtherRowsStart() {
        BatchQueue<String> queue = queue("a,b");
        BatchQueue.Batch<String> first = queue.next(2, 10);
        assertTrue(queue.offer("a,c", 100));
        assertTrue(queue.offer("d,e", 100));
        // Shares no row with the committing batch, but one with "a,c" held back before it.
        assertTrue(queue.offer("c,f", 100));
        assertTrue(queue.offer("e,g", 100));

        assertEquals(List.of("d,e", "e,g"), queue.next(2, 10).items());
        assertFalse(queue.isEmpty());

        queue.finished(first);
        assertEquals(List.of("a,c", "c,f"), queue.next(3, 10).items());
        assertTrue(queue.isEmpty());
    }

    @Test
    void noBatchWhenEveryWaitingPaymentNeedsACommittingBatchsRows() {
        BatchQueue<String> queue = queue("hot,a");
        queue.next(2, 10);
        assertTrue(queue.offer("hot,b", 100));
        assertTrue(queue.offer("c,hot", 100));

        assertNull(queue.next(2, 10));
        assertFalse(queue.isEmpty());
    }

    @Test
    void aFullQueueRefusesMoreWaitingPayments() {
        BatchQueue<String> queue = queue("a,b");
        assertTrue(queue.offer("c,d", 2));
        assertFalse(queue.offer("e,f", 2));
        assertEquals(2, queue.waiting());

        queue.next(1, 10);
        assertEquals(0, queue.waiting());
        assertTrue(queue.offer("e,f", 2));
    }
}
