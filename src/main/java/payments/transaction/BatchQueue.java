package payments.transaction;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The payments waiting for a batch, and the rows the batches now committing hold. Batches are
 * pipelined: one batch at a time is built (its locks taken, its payments decided, its writes
 * sent), and the next is built while earlier ones wait for their COMMIT ({@link #commitSent}),
 * up to {@code maxInFlight} in all. A new batch starts beside committing ones only with payments
 * whose rows they do not lock: such a batch would otherwise wait on those row locks until the
 * other commits, and gain nothing. A payment held back keeps every later one on the same rows
 * behind it, so payments on one account are still taken in arrival order. Pure and thread-safe;
 * knows nothing of the database.
 *
 * @param <T> a waiting payment
 */
public final class BatchQueue<T> {

    /** Payments taken together, and the rows they lock. */
    public record Batch<T>(List<T> items, Set<Object> rows) {
    }

    private final Function<T, Set<Object>> rowsOf;
    private final Deque<T> waiting = new ArrayDeque<>();
    private final List<Batch<T>> committing = new ArrayList<>();
    /** The committing batch whose COMMIT is not sent yet, if any. */
    private Batch<T> building;

    /** @param rowsOf the rows a payment locks when its batch commits */
    public BatchQueue(Function<T, Set<Object>> rowsOf) {
        this.rowsOf = rowsOf;
    }

    /** Queues the payment unless {@code maxWaiting} already wait; false (nothing queued) when full. */
    public synchronized boolean offer(T item, int maxWaiting) {
        if (waiting.size() >= maxWaiting) {
            return false;
        }
        waiting.add(item);
        return true;
    }

    /** How many payments wait for a batch. */
    public synchronized int waiting() {
        return waiting.size();
    }

    /**
     * The next batch to commit, now counted as committing; null when nothing waits, when a batch
     * is still being built, when {@code maxInFlight} batches are committing already, when batches
     * are committing and fewer than {@code minSizeBeside} payments wait, or when every waiting
     * payment needs a row a committing batch holds.
     */
    public synchronized Batch<T> next(int maxInFlight, int maxSize, int minSizeBeside) {
        if (waiting.isEmpty() || building != null || committing.size() >= maxInFlight
                || !committing.isEmpty() && waiting.size() < minSizeBeside) {
            return null;
        }
        Set<Object> busy = new HashSet<>();
        committing.forEach(batch -> busy.addAll(batch.rows()));
        List<T> items = new ArrayList<>();
        Set<Object> rows = new HashSet<>();
        for (Iterator<T> it = waiting.iterator(); it.hasNext() && items.size() < maxSize; ) {
            T item = it.next();
            Set<Object> needed = rowsOf.apply(item);
            if (Collections.disjoint(needed, busy)) {
                items.add(item);
                rows.addAll(needed);
                it.remove();
            } else {
                busy.addAll(needed);
            }
        }
        if (items.isEmpty()) {
            return null;
        }
        Batch<T> batch = new Batch<>(List.copyOf(items), rows);
        committing.add(batch);
        building = batch;
        return batch;
    }

    /** The batch's writes and COMMIT are sent: the next batch may be built while it waits for the commit. */
    public synchronized void commitSent(Batch<T> batch) {
        if (building == batch) {
            building = null;
        }
    }

    /** The batch has committed or failed: its rows are free for the next one. */
    public synchronized void finished(Batch<T> batch) {
        committing.removeIf(committed -> committed == batch);
        commitSent(batch);
    }

    public synchronized boolean isEmpty() {
        return waiting.isEmpty();
    }
}
