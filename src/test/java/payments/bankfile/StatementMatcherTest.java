package payments.bankfile;

import org.junit.jupiter.api.Test;
import payments.bankfile.StatementMatcher.BankLine;
import payments.bankfile.StatementMatcher.LedgerLine;
import payments.bankfile.StatementMatcher.Line;
import payments.bankfile.StatementMatcher.Status;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

class StatementMatcherTest {

    private static final Instant END = Instant.parse("2026-11-27T23:59:59Z");
    private static final LocalDate DAY = LocalDate.parse("2026-11-27");

    @Test
    void eachSubjectIsOneLineMatchedWhenBothSidesNetTheSame() {
        List<Line> lines = StatementMatcher.match(List.of(bank("T1", null, -1234), bank("T2", null, 500), bank("T3", null, -2001)),
                List.of(ledger("T1", null, -1234, END), ledger("T2", null, 500, END), ledger("T3", null, -2000, END)), END);
        assertEquals(List.of(Status.MATCHED, Status.MATCHED, Status.AMOUNT_DIFFERENCE), lines.stream().map(Line::status).toList());
        assertEquals(-2001, lines.get(2).bankAmount());
        assertEquals(-2000, lines.get(2).ledgerAmount());
    }

    @Test
    void aBankEntryNamingSeveralSubjectsTakesAllTheirLedgerEntries() {
        // A payout's debit booked for more than the payout: the payment's posting and the parked difference's.
        BankLine debit = new BankLine(List.of("P1", "T1"), null, -1250, "R1", "E1", DAY, null);
        List<Line> lines = StatementMatcher.match(List.of(debit), List.of(ledger("T1", null, -1234, END), ledger("P1", null, -16, END)), END);
        assertEquals(1, lines.size());
        assertEquals(Status.MATCHED, lines.get(0).status());
        assertEquals(2, lines.get(0).ledger().size());
    }

    @Test
    void aSubjectAndItsReturnOnOneStatementNetToTheirDifference() {
        List<Line> lines = StatementMatcher.match(List.of(bank("T1", null, -1000), bank("T1", null, 1000)),
                List.of(ledger("T1", null, -1000, END), ledger("T1", null, 1000, END)), END);
        assertEquals(1, lines.size());
        assertEquals(Status.MATCHED, lines.get(0).status());
        assertEquals(2, lines.get(0).bank().size());
    }

    @Test
    void aBankEntryForAWholeFileMatchesTheFilesPayoutsTogether() {
        List<Line> lines = StatementMatcher.match(List.of(new BankLine(List.of(), "ACH1", -3000, "R9", null, DAY, null)),
                List.of(ledger("T1", "ACH1", -1000, END), ledger("T2", "ACH1", -2000, END), ledger("T3", "ACH2", -500, END)), END);
        assertEquals(Status.MATCHED, lines.get(0).status());
        assertEquals("batch ACH1", lines.get(0).matchedOn());
        assertEquals(2, lines.get(0).ledger().size());
        assertEquals(Status.LEDGER_ONLY, lines.get(1).status());
        assertEquals("T3", lines.get(1).matchedOn());
    }

    @Test
    void whatOneSideAloneHasIsListedAndLaterLedgerEntriesWaitForTheNextStatement() {
        List<Line> lines = StatementMatcher.match(List.of(bank("T9", null, -300), bank(null, null, 42)),
                List.of(ledger("T1", null, -700, END.minusSeconds(60)), ledger("T2", null, -800, END.plusSeconds(60))), END);
        assertEquals(List.of(Status.BANK_ONLY, Status.BANK_ONLY, Status.LEDGER_ONLY), lines.stream().map(Line::status).toList());
        assertEquals("T9", lines.get(0).matchedOn(), "a payout the ledger has not settled is named");
        assertEquals("T1", lines.get(2).matchedOn());
    }

    @Test
    void aLedgerEntryBookedAfterTheStatementsEndStillMatchesWhatTheStatementHas() {
        List<Line> lines = StatementMatcher.match(List.of(bank("T1", null, -700)), List.of(ledger("T1", null, -700, END.plusSeconds(3600))), END);
        assertEquals(Status.MATCHED, lines.get(0).status());
    }

    @Test
    void aLedgerEntryBookedAfterTheStatementsEndWaitsWhenTheStatementBalancesWithoutIt() {
        // A payout settled by the statement's day and returned since: the return belongs to the next statement.
        List<Line> lines = StatementMatcher.match(List.of(bank("T1", null, -700)),
                List.of(ledger("T1", null, -700, END.minusSeconds(60)), ledger("T1", null, 700, END.plusSeconds(3600))), END);
        assertEquals(1, lines.size());
        assertEquals(Status.MATCHED, lines.get(0).status());
        assertEquals(1, lines.get(0).ledger().size(), "the return is left for the next statement");
    }

    private static BankLine bank(String subject, String batch, long amount) {
        return new BankLine(subject == null ? List.of() : List.of(subject), batch, amount, "R-" + UUID.randomUUID(), null, DAY, null);
    }

    private static LedgerLine ledger(String subject, String batch, long amount, Instant at) {
        return new LedgerLine(UUID.randomUUID(), subject, batch, amount, at);
    }
}
