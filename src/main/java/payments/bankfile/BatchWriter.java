package payments.bankfile;

import com.prowidesoftware.swift.model.mx.MxPain00100109;
import com.prowidesoftware.swift.model.mx.MxPain00800108;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a batch of queued payouts (or pulls) as one file of its layout (pain.001, pain.008)
 * checked against its schema, and tells the payouts no file can carry from a fault of this server.
 * A file that fails is not held back whole: each payout is checked in a file of its own and those
 * that fail alone leave the batch. But first a probe payout (plain data, the same platform account
 * and ids) must pass: when it fails too, the fault is this server's (a bug, the platform account's
 * settings), never the payouts', and the whole batch stays queued for the fix. Pure apart from the
 * schema cache it is given.
 */
final class BatchWriter {

    /** A file's content (null when no payout could be written) with the payouts in it, and those that cannot be written, each with why. */
    record Written(String content, List<BankPayout> payouts, Map<BankPayout, String> unwritable) {
    }

    private record Checked(String content, String problem) {
    }

    /** Writes the file of a batch, unchecked; throws IllegalArgumentException or ArithmeticException on data it refuses. */
    @FunctionalInterface
    interface FileWriting {
        String write(String batchId, Instant now, List<BankPayout> payouts);
    }

    /** One file format: its name, how it is written, its message's library model (for the schema), and a probe that must pass. */
    record Layout(String name, FileWriting writing, Class<?> message, Class<?>[] model, BankPayout probe) {

        static Layout pain001(Pain001.Debtor debtor) {
            return new Layout("pain.001", (batchId, now, payouts) -> Pain001.write(new Pain001.Batch(batchId, now, debtor,
                    payouts.stream().map(BankPayout::toFile).toList())), MxPain00100109.class, MxPain00100109._classes,
                    BankPayout.probe(false));
        }

        static Layout pain008(Pain008.Creditor creditor, LocalDate collectionDate) {
            return new Layout("pain.008", (batchId, now, pulls) -> Pain008.write(new Pain008.Batch(batchId, now, collectionDate, creditor,
                    pulls.stream().map(BankPayout::toCollection).toList())), MxPain00800108.class, MxPain00800108._classes,
                    BankPayout.probe(true));
        }
    }

    private final IsoSchemas schemas;
    private final Layout layout;

    BatchWriter(IsoSchemas schemas, Layout layout) {
        this.schemas = schemas;
        this.layout = layout;
    }

    BatchWriter(IsoSchemas schemas, Pain001.Debtor debtor) {
        this(schemas, Layout.pain001(debtor));
    }

    /** Throws {@link IllegalStateException} when the fault is this server's: nothing may leave then, nothing fails. */
    Written write(String batchId, Instant now, List<BankPayout> payouts) {
        Checked whole = check(batchId, now, payouts);
        if (whole.problem() == null) {
            return new Written(whole.content(), payouts, Map.of());
        }
        String probe = check(batchId, now, List.of(layout.probe())).problem();
        if (probe != null) {
            throw new IllegalStateException("No " + layout.name() + " file can be written, not even a probe's (a fault of this server or"
                    + " of the platform account's settings svc.bank-files.debtor.*): " + probe);
        }
        Map<BankPayout, String> unwritable = new LinkedHashMap<>();
        List<BankPayout> writable = new ArrayList<>();
        for (BankPayout payout : payouts) {
            String problem = check(batchId, now, List.of(payout)).problem();
            if (problem == null) {
                writable.add(payout);
            } else {
                unwritable.put(payout, problem);
            }
        }
        if (writable.isEmpty()) {
            return new Written(null, List.of(), unwritable);
        }
        Checked rest = check(batchId, now, writable);
        if (rest.problem() != null) {
            throw new IllegalStateException("A " + layout.name() + " file failed its own schema: " + rest.problem());
        }
        return new Written(rest.content(), writable, unwritable);
    }

    /** The file, or why it cannot be written: a schema failure, or data the writer refuses (an unknown currency, too many decimals). */
    private Checked check(String batchId, Instant now, List<BankPayout> payouts) {
        try {
            String content = layout.writing().write(batchId, now, payouts);
            schemas.validate(content, layout.message(), layout.model());
            return new Checked(content, null);
        } catch (IsoSchemas.InvalidMessage | IllegalArgumentException | ArithmeticException e) {
            return new Checked(null, String.valueOf(e.getMessage()));
        }
    }
}
