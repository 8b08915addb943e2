package payments.bankfile;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * Matches a statement's entries with the RAIL ledger entries of the same account, line by line.
 * Pure. Both sides are grouped by what the money moved for ({@code subject}: a payment of this
 * server, a parked bank entry), as the caller resolved it; a group is MATCHED when both sides net
 * to the same amount, an AMOUNT_DIFFERENCE when they do not. A statement entry naming no subject
 * but a batch (a file's message id) matches the unmatched ledger entries of that batch taken
 * together (a bank booking a whole file as one debit). Ledger entries booked after the statement's
 * end join a group only when they make it balance. What is left is BANK_ONLY (each entry its own
 * line) or, for ledger entries booked by the statement's end, LEDGER_ONLY; later ledger entries are
 * left for the next statement.
 */
public final class StatementMatcher {

    /** A report line's outcome, and whether it needs a person. */
    public enum Status {
        MATCHED(false), AMOUNT_DIFFERENCE(true), BANK_ONLY(true), LEDGER_ONLY(true);

        public final boolean needsAPerson;

        Status(boolean needsAPerson) {
            this.needsAPerson = needsAPerson;
        }
    }

    /**
     * A statement entry: {@code amount} as the bank sees it (a credit positive), {@code subjects} what
     * it moved money for (a payment it pays or returns, the payment it funded, the parked entry it
     * became: several when the server split its booking; none when it names nothing of this
     * server's), {@code carried} the open
     * BANK_ONLY line of an earlier report it was (null for this statement's own).
     */
    public record BankLine(List<String> subjects, String batchId, long amount, String reference, String endToEndId,
                           LocalDate bookingDate, UUID carried) {
    }

    /** A RAIL ledger entry, its amount as the bank sees it (the negation of RAIL's), with its subject and its payout's batch. */
    public record LedgerLine(UUID entryId, String subject, String batchId, long amount, Instant bookedAt) {
    }

    /** One line of the report: the entries of both sides it took, and their sums. */
    public record Line(Status status, String matchedOn, List<BankLine> bank, List<LedgerLine> ledger) {
        public long bankAmount() {
            return bank.stream().mapToLong(BankLine::amount).sum();
        }

        public long ledgerAmount() {
            return ledger.stream().mapToLong(LedgerLine::amount).sum();
        }
    }

    private StatementMatcher() {
    }

    public static List<Line> match(List<BankLine> bank, List<LedgerLine> ledger, Instant periodEnd) {
        Map<String, List<LedgerLine>> ledgerBySubject = new LinkedHashMap<>();
        ledger.forEach(line -> ledgerBySubject.computeIfAbsent(line.subject(), s -> new ArrayList<>()).add(line));
        // A bank entry naming several subjects joins their groups: each subject's group is kept under its first one's key.
        Map<String, String> groupOf = new HashMap<>();
        Map<String, List<BankLine>> bankByGroup = new LinkedHashMap<>();
        List<BankLine> unnamed = new ArrayList<>();
        for (BankLine line : bank) {
            List<String> known = line.subjects().stream().filter(ledgerBySubject::containsKey).toList();
            List<String> groups = known.stream().map(subject -> groupOf.getOrDefault(subject, subject)).distinct().toList();
            if (groups.isEmpty()) {
                unnamed.add(line);
                continue;
            }
            String group = groups.get(0);
            List<BankLine> entries = bankByGroup.computeIfAbsent(group, g -> new ArrayList<>());
            entries.add(line);
            for (String other : groups.subList(1, groups.size())) {
                entries.addAll(bankByGroup.getOrDefault(other, List.of()));
                bankByGroup.remove(other);
                groupOf.replaceAll((subject, owner) -> owner.equals(other) ? group : owner);
                groupOf.put(other, group);
            }
            known.forEach(subject -> groupOf.put(subject, group));
        }
        List<Line> lines = new ArrayList<>();
        bankByGroup.forEach((group, entries) -> {
            List<LedgerLine> taken = new ArrayList<>();
            groupOf.forEach((subject, owner) -> {
                if (owner.equals(group)) {
                    taken.addAll(ledgerBySubject.remove(subject));
                }
            });
            lines.add(line(group, entries, taken, periodEnd));
        });

        Map<String, List<BankLine>> bankByBatch = new LinkedHashMap<>();
        List<BankLine> alone = new ArrayList<>();
        for (BankLine line : unnamed) {
            boolean batchHasLedger = line.batchId() != null && ledgerBySubject.values().stream()
                    .flatMap(List::stream).anyMatch(l -> line.batchId().equals(l.batchId()));
            (batchHasLedger ? bankByBatch.computeIfAbsent(line.batchId(), b -> new ArrayList<>()) : alone).add(line);
        }
        bankByBatch.forEach((batch, entries) -> {
            List<LedgerLine> inBatch = new ArrayList<>();
            ledgerBySubject.values().removeIf(group -> {
                if (group.stream().anyMatch(l -> batch.equals(l.batchId()))) {
                    inBatch.addAll(group);
                    return true;
                }
                return false;
            });
            lines.add(line("batch " + batch, entries, inBatch, periodEnd));
        });
        alone.forEach(line -> lines.add(new Line(Status.BANK_ONLY, line.subjects().isEmpty() ? null : line.subjects().get(0),
                List.of(line), List.of())));
        ledgerBySubject.forEach((subject, entries) -> {
            List<LedgerLine> due = entries.stream().filter(l -> !l.bookedAt().isAfter(periodEnd)).toList();
            if (!due.isEmpty()) {
                lines.add(new Line(Status.LEDGER_ONLY, subject, List.of(), due));
            }
        });
        return lines;
    }

    /**
     * The bank's entries of a group against its ledger entries booked by the statement's end; those
     * booked later join only when they are what makes both sides equal (a notification read after
     * the statement was made), else they wait for the next statement (a return booked since).
     */
    private static Line line(String matchedOn, List<BankLine> bank, List<LedgerLine> ledger, Instant periodEnd) {
        long bankAmount = bank.stream().mapToLong(BankLine::amount).sum();
        List<LedgerLine> due = ledger.stream().filter(l -> !l.bookedAt().isAfter(periodEnd)).toList();
        List<LedgerLine> taken = sum(due) == bankAmount || sum(ledger) != bankAmount && !due.isEmpty() ? due : ledger;
        return new Line(bankAmount == sum(taken) ? Status.MATCHED : Status.AMOUNT_DIFFERENCE, Objects.requireNonNull(matchedOn),
                List.copyOf(bank), List.copyOf(taken));
    }

    private static long sum(List<LedgerLine> lines) {
        return lines.stream().mapToLong(LedgerLine::amount).sum();
    }
}
