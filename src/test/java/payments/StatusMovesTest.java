package payments;

import org.junit.jupiter.api.Test;
import payments.agent.AgentAction;
import payments.agent.AgentActionStatus;
import payments.card.CardTransaction;
import payments.card.CardTransactionStatus;
import payments.transaction.TransactionStatus;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Payments, card transactions and agent actions change status only through their status machines
 * (TransactionStatus, CardTransactionStatus, AgentActionStatus): the tables themselves, and a scan
 * of the production code for any other assignment of those statuses.
 */
class StatusMovesTest {

    /** Assignments of a payment's, card transaction's or agent action's status, by the names the code gives them. */
    private static final Pattern DIRECT = Pattern.compile(
            "\\.status\\s*=\\s*(CardTransaction|AgentAction|TransactionStatus)\\.|\\b(row|refund|purchase|action|t|transaction)\\.status\\s*=[^=]");
    /** The machines, and where a row is first built or read back from the database. */
    private static final Set<String> ALLOWED = Set.of("CardTransactionStatus.java", "AgentActionStatus.java", "TransactionStatus.java",
            "PaymentTransaction.java");

    @Test
    void noStatusIsAssignedOutsideItsMachine() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java/payments"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                if (ALLOWED.contains(file.getFileName().toString())) {
                    continue;
                }
                List<String> lines = Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    if (DIRECT.matcher(lines.get(i)).find()) {
                        found.add(file + ":" + (i + 1) + ": " + lines.get(i).strip());
                    }
                }
            }
        }
        assertEquals(List.of(), found, "statuses moved outside their machine");
    }

    /**
     * A payment's lifecycle has one owner: only {@code PaymentLifecycle} moves a payment's status or
     * writes its failure reason, refund or settlement time (PaymentTransaction itself builds new
     * rows and reads them back). Failure reasons come from the enum, never a string literal.
     */
    @Test
    void onlyThePaymentLifecycleMovesAPayment() throws IOException {
        Pattern lifecycleWrites = Pattern.compile(
                "TransactionStatus\\.move\\(|\\.(failureReason|refund|settledAt)\\s*=[^=]");
        Set<String> owners = Set.of("PaymentLifecycle.java", "TransactionStatus.java", "PaymentTransaction.java");
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java/payments"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                // Card transactions and stablecoin operations keep their own lifecycles (CardTransactionStatus,
                // StablecoinOperationStatus), with fields of the same names.
                if (owners.contains(file.getFileName().toString()) || file.toString().contains("/card/")
                        || file.toString().contains("/stablecoin/")) {
                    continue;
                }
                List<String> lines = Files.readAllLines(file);
                for (int i = 0; i < lines.size(); i++) {
                    if (lifecycleWrites.matcher(lines.get(i)).find()) {
                        found.add(file + ":" + (i + 1) + ": " + lines.get(i).strip());
                    }
                }
            }
        }
        assertEquals(List.of(), found, "payments changed outside PaymentLifecycle");
        String lifecycle = Files.readString(Path.of("src/main/java/payments/transaction/PaymentLifecycle.java"));
        assertFalse(Pattern.compile("failureReason\\s*=\\s*\"").matcher(lifecycle).find(), "a failure reason written as a string literal");
    }

    /** CREATED and REFUNDED are published statuses that no payment reaches (docs/decisions.md says why). */
    @Test
    void noPaymentReachesCreatedOrRefunded() {
        assertTrue(TransactionStatus.ALL.containsAll(List.of(TransactionStatus.CREATED, TransactionStatus.REFUNDED)));
        for (String from : TransactionStatus.ALL) {
            assertFalse(TransactionStatus.canMove(from, TransactionStatus.CREATED), from + " -> CREATED");
            assertFalse(TransactionStatus.canMove(from, TransactionStatus.REFUNDED), from + " -> REFUNDED");
        }
        assertTrue(TransactionStatus.canMove(TransactionStatus.PROCESSING, TransactionStatus.FAILED));
    }

    @Test
    void cardTransactionMoves() {
        assertTrue(CardTransactionStatus.canMove(null, CardTransaction.AUTHORIZED));
        assertTrue(CardTransactionStatus.canMove(CardTransaction.AUTHORIZED, CardTransaction.SETTLED));
        assertTrue(CardTransactionStatus.canMove(CardTransaction.AUTHORIZED, CardTransaction.VOIDED));
        assertTrue(CardTransactionStatus.canMove(CardTransaction.VOIDED, CardTransaction.EXCEPTION), "a clearing after the lapse");
        assertTrue(CardTransactionStatus.canMove(CardTransaction.SETTLED, CardTransaction.VOIDED), "a reversed merchant return");
        assertFalse(CardTransactionStatus.canMove(CardTransaction.VOIDED, CardTransaction.SETTLED));
        assertFalse(CardTransactionStatus.canMove(CardTransaction.DECLINED, CardTransaction.AUTHORIZED));
        assertFalse(CardTransactionStatus.canMove(CardTransaction.EXCEPTION, CardTransaction.SETTLED));
        CardTransaction row = new CardTransaction();
        row.status = CardTransaction.DECLINED;
        assertThrows(IllegalStateException.class, () -> CardTransactionStatus.move(row, CardTransaction.SETTLED));
        row.status = CardTransaction.EXCEPTION;
        CardTransactionStatus.move(row, CardTransaction.EXCEPTION);
        assertEquals(CardTransaction.EXCEPTION, row.status, "staying put is no move");
    }

    @Test
    void agentActionMoves() {
        assertTrue(AgentActionStatus.canMove(null, AgentAction.APPROVED));
        assertTrue(AgentActionStatus.canMove(AgentAction.PENDING_APPROVAL, AgentAction.REJECTED));
        assertTrue(AgentActionStatus.canMove(AgentAction.APPROVED, AgentAction.FAILED), "its payment failed later");
        assertFalse(AgentActionStatus.canMove(AgentAction.REJECTED, AgentAction.APPROVED));
        assertFalse(AgentActionStatus.canMove(AgentAction.FAILED, AgentAction.APPROVED));
        assertFalse(AgentActionStatus.canMove(null, AgentAction.REJECTED));
        AgentAction action = new AgentAction();
        action.status = AgentAction.REJECTED;
        assertThrows(IllegalStateException.class, () -> AgentActionStatus.move(action, AgentAction.APPROVED));
    }
}
