package payments.quote;

import org.junit.jupiter.api.Test;
import payments.common.IdType;
import payments.transaction.PaymentTransaction;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which quotes may go unsaved: only those their transaction gives back exactly (Quote.servableFrom). */
class QuoteServableTest {

    @Test
    void aQuoteIsServableOnlyWhenItsTransactionGivesItBackExactly() {
        PaymentTransaction t = atOnceTransaction();
        assertTrue(Quote.servedFrom(t).servableFrom(t));

        Quote reordered = Quote.servedFrom(t);
        reordered.source = "{\"customerId\":\"" + IdType.CUSTOMER.wireId(t.customerId) + "\",\"accountId\":\"" + t.senderIdentifier
                + "\",\"sourceType\":\"ACCOUNT\"}";
        assertFalse(reordered.servableFrom(t), "the same document in another key order: GET would answer other bytes");

        Quote remittance = Quote.servedFrom(t);
        remittance.request = "{\"description\":\"Lunch\",\"remittanceInformation\":\"Invoice 42\"}";
        assertFalse(remittance.servableFrom(t), "what the caller asked that the transaction does not keep");

        Quote extraField = Quote.servedFrom(t);
        extraField.destination = "{\"destinationType\":\"ACCOUNT\",\"accountId\":\"" + t.receiverIdentifier + "\",\"note\":\"x\"}";
        assertFalse(extraField.servableFrom(t), "a document the transaction cannot give back");

        Quote ownId = Quote.servedFrom(t);
        ownId.id = UUID.randomUUID();
        assertFalse(ownId.servableFrom(t), "a quote not sharing its transaction's id could not be found from it");

        Quote instructions = Quote.servedFrom(t);
        instructions.paymentInstructions = "[]";
        assertFalse(instructions.servableFrom(t));

        Quote otherAmount = Quote.servedFrom(t);
        otherAmount.totalReceivingAmount = 699;
        assertFalse(otherAmount.servableFrom(t));

        Quote otherExpiry = Quote.servedFrom(t);
        otherExpiry.expiresAt = t.quoteExpiresAt.plusSeconds(1);
        assertFalse(otherExpiry.servableFrom(t));

        PaymentTransaction withoutExpiry = atOnceTransaction();
        withoutExpiry.quoteExpiresAt = null;
        assertFalse(Quote.servedFrom(t).servableFrom(withoutExpiry));
    }

    @Test
    void theServedQuoteCarriesTheTransactionsTerms() {
        PaymentTransaction t = atOnceTransaction();
        Quote quote = Quote.servedFrom(t);
        assertEquals(t.id, quote.id);
        assertEquals(t.id, quote.transactionId);
        assertEquals("PROCESSING", quote.status);
        assertEquals(700, quote.totalSendingAmount);
        assertEquals(t.quoteExpiresAt, quote.expiresAt);
        assertEquals("{\"description\":\"Lunch\"}", quote.request);
        assertEquals("{\"sourceType\":\"ACCOUNT\",\"accountId\":\"" + t.senderIdentifier + "\",\"customerId\":\""
                + IdType.CUSTOMER.wireId(t.customerId) + "\"}", quote.source);
    }

    private static PaymentTransaction atOnceTransaction() {
        Instant now = Instant.parse("2026-11-28T12:00:00Z");
        PaymentTransaction t = PaymentTransaction.start(PaymentTransaction.OUTGOING, PaymentTransaction.DEBIT, "PENDING", now);
        t.quoteId = t.id;
        t.customerId = UUID.randomUUID();
        t.sourceAccountId = UUID.randomUUID();
        t.destinationAccountId = UUID.randomUUID();
        t.senderIdentifier = IdType.INTERNAL_ACCOUNT.wireId(t.sourceAccountId);
        t.receiverIdentifier = IdType.INTERNAL_ACCOUNT.wireId(t.destinationAccountId);
        t.sentAmount = 700L;
        t.receivedAmount = 700L;
        t.sentCurrency = "USD";
        t.receivedCurrency = "USD";
        t.exchangeRate = BigDecimal.ONE;
        t.fees = 0L;
        t.platformFees = 0L;
        t.rateDetails = "{\"counterpartyMultiplier\":1}";
        t.description = "Lunch";
        t.quoteExpiresAt = now.plusSeconds(300);
        return t;
    }
}
