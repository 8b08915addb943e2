package payments.bankfile;

import com.prowidesoftware.swift.model.mx.MxPain00100109;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a batch of queued payouts as one pain.001 file checked against its schema, and tells the
 * payouts no file can carry from a fault of this server. A file that fails is not held back whole:
 * each payout is checked in a file of its own and those that fail alone leave the batch. But first
 * a probe payout (plain data, the same debtor and ids) must pass: when it fails too, the fault is
 * this server's (a bug, the debtor's settings), never the payouts', and the whole batch stays
 * queued for the fix. Pure apart from the schema cache it is given.
 */
final class BatchWriter {

    /** A file's content (null when no payout could be written) with the payouts in it, and those that cannot be written, each with why. */
    record Written(String content, List<BankPayout> payouts, Map<BankPayout, String> unwritable) {
    }

    private record Checked(String content, String problem) {
    }

    private static final Pain001.Payout PROBE = new Pain001.Payout("0".repeat(32), 100, "EUR", "Probe", "DE89370400440532013000",
            null, null, null, null);

    private final IsoSchemas schemas;
    private final Pain001.Debtor debtor;

    BatchWriter(IsoSchemas schemas, Pain001.Debtor debtor) {
        this.schemas = schemas;
        this.debtor = debtor;
    }

    /** Throws {@link IllegalStateException} when the fault is this server's: nothing may leave then, nothing fails. */
    Written write(String batchId, Instant now, List<BankPayout> payouts) {
        Checked whole = check(batchId, now, payouts.stream().map(BankPayout::toFile).toList());
        if (whole.problem() == null) {
            return new Written(whole.content(), payouts, Map.of());
        }
        String probe = check(batchId, now, List.of(PROBE)).problem();
        if (probe != null) {
            throw new IllegalStateException("No pain.001 file can be written, not even a probe payout's (a fault of this server or"
                    + " of the debtor's settings svc.bank-files.debtor.*): " + probe);
        }
        Map<BankPayout, String> unwritable = new LinkedHashMap<>();
        List<BankPayout> writable = new ArrayList<>();
        for (BankPayout payout : payouts) {
            String problem = check(batchId, now, List.of(payout.toFile())).problem();
            if (problem == null) {
                writable.add(payout);
            } else {
                unwritable.put(payout, problem);
            }
        }
        if (writable.isEmpty()) {
            return new Written(null, List.of(), unwritable);
        }
        Checked rest = check(batchId, now, writable.stream().map(BankPayout::toFile).toList());
        if (rest.problem() != null) {
            throw new IllegalStateException("A pain.001 file failed its own schema: " + rest.problem());
        }
        return new Written(rest.content(), writable, unwritable);
    }

    /** The file, or why it cannot be written: a schema failure, or data the writer refuses (an unknown currency, too many decimals). */
    private Checked check(String batchId, Instant now, List<Pain001.Payout> payouts) {
        try {
            String content = Pain001.write(new Pain001.Batch(batchId, now, debtor, payouts));
            schemas.validate(content, MxPain00100109.class, MxPain00100109._classes);
            return new Checked(content, null);
        } catch (IsoSchemas.InvalidMessage | IllegalArgumentException | ArithmeticException e) {
            return new Checked(null, String.valueOf(e.getMessage()));
        }
    }
}
