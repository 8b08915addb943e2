package payments.ledger;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which internal accounts must be ACTIVE for a posting to apply. */
class JournalTest {

    private static final UUID PAYER = UUID.fromString("00000000-0000-7000-8000-000000000001");
    private static final UUID PAYEE = UUID.fromString("00000000-0000-7000-8000-000000000002");

    @Test
    void aHoldNeedsAPayerThatCanSendAndItsNamedPayee() {
        Journal hold = Journal.of("HOLD", null).available(PAYER, "USD", -100).held(PAYER, "USD", 100).payee(PAYEE);
        assertEquals(List.of(new Journal.Party(PAYER, false), new Journal.Party(PAYEE, true)), hold.parties());
    }

    @Test
    void settlingAHoldNeedsOnlyThePayee() {
        Journal settlement = Journal.of("SETTLEMENT", null).held(PAYER, "USD", -100).available(PAYEE, "USD", 100);
        assertEquals(List.of(new Journal.Party(PAYEE, true)), settlement.parties());
    }

    @Test
    void aTransferAtOnceNeedsBoth() {
        Journal settlement = Journal.of("SETTLEMENT", null).available(PAYER, "USD", -100).available(PAYEE, "USD", 100);
        assertEquals(List.of(new Journal.Party(PAYER, false), new Journal.Party(PAYEE, true)), settlement.parties());
    }

    @Test
    void releasingAHoldOrGivingMoneyBackNeedsNobody() {
        Journal release = Journal.of("RELEASE", null).held(PAYER, "USD", -100).available(PAYER, "USD", 100);
        Journal refund = Journal.givingBack("REFUND", null).available(PAYEE, "USD", -100).available(PAYER, "USD", 100);
        assertEquals(List.of(), release.parties());
        assertEquals(List.of(), refund.parties());
    }
}
