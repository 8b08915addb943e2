package payments.ledger;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The in-memory balance rules a batch of payments is applied with. */
class BatchBalancesTest {

    private static final UUID PAYER = new UUID(0, 1);
    private static final UUID PAYEE = new UUID(0, 2);

    /** Hold then settle: the payer loses {@code amount}, the payee gains it. */
    private static List<Journal> payment(long amount) {
        return List.of(
                Journal.of("HOLD", null).available(PAYER, "USD", -amount).held(PAYER, "USD", amount),
                Journal.of("SETTLEMENT", null).held(PAYER, "USD", -amount).available(PAYEE, "USD", amount));
    }

    @Test
    void paymentsApplyInOrderUntilTheMoneyRunsOut() {
        BatchBalances balances = new BatchBalances();
        balances.start(PAYER, 250, 250);
        balances.start(PAYEE, 0, 0);
        assertTrue(balances.tryApply(payment(100)));
        assertTrue(balances.tryApply(payment(100)));
        assertFalse(balances.tryApply(payment(100)), "only 50 left");
        assertTrue(balances.tryApply(payment(50)), "a refused payment leaves nothing behind");
        assertFalse(balances.tryApply(payment(1)));
        assertEquals(Map.of(PAYER, new Ledger.Balance(0, 0), PAYEE, new Ledger.Balance(250, 250)), balances.changed());
    }

    @Test
    void aRefusedPaymentRestoresEveryAccountItTouched() {
        BatchBalances balances = new BatchBalances();
        balances.start(PAYER, 100, 100);
        balances.start(PAYEE, 0, 0);
        // Its first journal fits; the second would take the payee's held part below zero.
        List<Journal> broken = List.of(
                Journal.of("HOLD", null).available(PAYER, "USD", -100).held(PAYER, "USD", 100),
                Journal.of("SETTLEMENT", null).held(PAYEE, "USD", -100).available(PAYER, "USD", 100));
        assertFalse(balances.tryApply(broken));
        assertEquals(Map.of(), balances.changed());
        assertTrue(balances.tryApply(payment(100)));
        assertEquals(new Ledger.Balance(0, 0), balances.changed().get(PAYER));
    }

    @Test
    void anAccountNotLoadedIsAnError() {
        BatchBalances balances = new BatchBalances();
        balances.start(PAYER, 100, 100);
        assertThrows(IllegalStateException.class, () -> balances.tryApply(payment(10)));
    }
}
