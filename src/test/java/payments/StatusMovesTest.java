package payments;

import org.junit.jupiter.api.Test;
import payments.agent.AgentAction;
import payments.agent.AgentActionStatus;
import payments.card.CardTransaction;
import payments.card.CardTransactionStatus;
import payments.transaction.TransactionStatus;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every entity with a status machine changes status only through it: a scan of the compiled
 * production code for any write of those entities' {@code status} field (by the field's owner type,
 * whatever the variable is called), then the tables themselves.
 */
class StatusMovesTest {

    /** Each entity with a machine, and the machine: the only classes that may write its status (the entity builds and reads rows). */
    private static final Map<String, String> MACHINES = Map.of(
            "payments/transaction/PaymentTransaction", "payments/transaction/TransactionStatus",
            "payments/card/CardTransaction", "payments/card/CardTransactionStatus",
            "payments/card/Card", "payments/card/CardStatus",
            "payments/agent/AgentAction", "payments/agent/AgentActionStatus",
            "payments/stablecoin/StablecoinOperation", "payments/stablecoin/StablecoinOperationStatus",
            "payments/quote/Quote", "payments/quote/QuoteStatus",
            "payments/sca/FactorReset", "payments/sca/FactorResetStatus",
            "payments/invitation/Invitation", "payments/invitation/InvitationStatus",
            "payments/account/InternalAccount", "payments/account/AccountStatus");

    @Test
    void noStatusIsWrittenOutsideItsMachine() throws IOException {
        List<String> found = new ArrayList<>();
        for (Write write : writes()) {
            String machine = MACHINES.get(write.owner());
            if ("status".equals(write.field()) && machine != null && !write.writer().equals(write.owner())
                    && !write.writer().equals(machine)) {
                found.add(write.describe());
            }
        }
        assertEquals(List.of(), found, "statuses written outside their machine");
        assertTrue(writes().stream().anyMatch(w -> w.owner().equals("payments/card/Card") && w.field().equals("status")
                && w.writer().equals("payments/card/CardStatus")), "the scan sees the machines' own writes");
    }

    /**
     * A payment's lifecycle has one owner: only {@code PaymentLifecycle} moves a payment's status or
     * writes its failure reason, refund or settlement time (PaymentTransaction itself builds new
     * rows and reads them back). Failure reasons come from the enum, never a string literal.
     */
    @Test
    void onlyThePaymentLifecycleMovesAPayment() throws IOException {
        Set<String> owners = Set.of("payments/transaction/PaymentLifecycle", "payments/transaction/TransactionStatus",
                "payments/transaction/PaymentTransaction");
        List<String> found = new ArrayList<>();
        for (Write write : writes()) {
            boolean lifecycleField = write.owner().equals("payments/transaction/PaymentTransaction")
                    && Set.of("failureReason", "refund", "settledAt").contains(write.field());
            boolean move = write.owner().equals("payments/transaction/TransactionStatus") && write.field().equals("move()");
            if ((lifecycleField || move) && !owners.contains(write.writer())) {
                found.add(write.describe());
            }
        }
        assertEquals(List.of(), found, "payments changed outside PaymentLifecycle");
        String lifecycle = Files.readString(Path.of("src/main/java/payments/transaction/PaymentLifecycle.java"));
        assertFalse(Pattern.compile("failureReason\\s*=\\s*\"").matcher(lifecycle).find(), "a failure reason written as a string literal");
    }

    /** A field written ({@code field}) or a static method called ({@code name()}) on {@code owner}, by a method of {@code writer}. */
    private record Write(String owner, String field, String writer, String method) {
        String describe() {
            return writer + "." + method + " writes " + owner + "." + field;
        }
    }

    private static List<Write> cached;

    /** Every field write and static call in the compiled production classes (nested and lambda code counts as its top-level class's). */
    private static synchronized List<Write> writes() throws IOException {
        if (cached != null) {
            return cached;
        }
        List<Write> writes = new ArrayList<>();
        Path classes = Path.of("target/classes");
        try (Stream<Path> files = Files.walk(classes.resolve("payments"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                ClassReader reader = new ClassReader(Files.readAllBytes(file));
                String writer = reader.getClassName().replaceAll("\\$.*", "");
                reader.accept(new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                        return new MethodVisitor(Opcodes.ASM9) {
                            @Override
                            public void visitFieldInsn(int opcode, String owner, String field, String fieldDescriptor) {
                                if (opcode == Opcodes.PUTFIELD) {
                                    writes.add(new Write(owner, field, writer, name));
                                }
                            }

                            @Override
                            public void visitMethodInsn(int opcode, String owner, String method, String methodDescriptor, boolean isInterface) {
                                if (opcode == Opcodes.INVOKESTATIC) {
                                    writes.add(new Write(owner, method + "()", writer, name));
                                }
                            }
                        };
                    }
                }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            }
        }
        assertTrue(writes.size() > 1000, "compiled classes found under " + classes.toAbsolutePath());
        cached = List.copyOf(writes);
        return cached;
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
