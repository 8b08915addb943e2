package payments.common;

import org.junit.jupiter.api.Test;
import payments.webhook.WebhookRetryPolicy;

import java.time.Duration;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Plain unit tests of the pure rules: retry schedule, ids, paging parameters. */
class PureRulesTest {

    @Test
    void webhookRetriesDoubleFrom30sAndCapAt30Minutes() {
        assertEquals(Duration.ofSeconds(30), WebhookRetryPolicy.delayAfter(1));
        assertEquals(Duration.ofSeconds(60), WebhookRetryPolicy.delayAfter(2));
        assertEquals(Duration.ofSeconds(960), WebhookRetryPolicy.delayAfter(6));
        assertEquals(Duration.ofMinutes(30), WebhookRetryPolicy.delayAfter(7));
        assertEquals(Duration.ofMinutes(30), WebhookRetryPolicy.delayAfter(500));
    }

    @Test
    void webhookRetriesStopAfterSevenDays() {
        Instant created = Instant.parse("2026-01-01T00:00:00Z");
        assertEquals(created.plusSeconds(30), WebhookRetryPolicy.nextAttempt(created, 1, created));
        assertNull(WebhookRetryPolicy.nextAttempt(created, 300, created.plus(Duration.ofDays(7)).minusSeconds(60)));
    }

    @Test
    void webhookFinalAnswersAndNonRetriedTypes() {
        assertTrue(WebhookRetryPolicy.isFinalAnswer(200));
        assertTrue(WebhookRetryPolicy.isFinalAnswer(204));
        assertTrue(WebhookRetryPolicy.isFinalAnswer(409));
        assertFalse(WebhookRetryPolicy.isFinalAnswer(401));
        assertFalse(WebhookRetryPolicy.isFinalAnswer(500));
        assertFalse(WebhookRetryPolicy.retries("TEST"));
        assertFalse(WebhookRetryPolicy.retries("INCOMING_PAYMENT.PENDING"));
        assertTrue(WebhookRetryPolicy.retries("OUTGOING_PAYMENT.COMPLETED"));
    }

    @Test
    void idsAreTypedTimeOrderedUuids() {
        String first = Ids.newId(IdType.CUSTOMER);
        String second = Ids.newId(IdType.CUSTOMER);
        assertTrue(Ids.isValid(IdType.CUSTOMER, first));
        assertFalse(Ids.isValid(IdType.CARD, first));
        assertFalse(Ids.isValid(IdType.CUSTOMER, "Customer:not-a-uuid"));
        assertTrue(first.compareTo(second) < 0, "v7 ids sort by creation");
        assertThrows(ApiException.class, () -> Ids.requireValid(IdType.QUOTE, first, ErrorCode.QUOTE_NOT_FOUND));
    }

    @Test
    void unexpectedFailuresAre500WithACorrelationIdAndNoInternals() {
        var response = new ApiExceptionMapper().unexpected(new IllegalStateException("SELECT * FROM secrets failed"));
        assertEquals(500, response.getStatus());
        ErrorBody body = (ErrorBody) response.getEntity();
        assertEquals("SVC_SWITCH_ERROR", body.code());
        assertFalse(body.reason().contains("SELECT"));
        assertFalse(body.reason().contains("IllegalStateException"));
        assertTrue(body.details().get("correlationId").toString().matches("[0-9a-f-]{36}"));
    }

    @Test
    void pageRequestDefaultsAndCursorRoundTrip() {
        assertEquals(20, PageRequest.of(null, null).limit());
        assertEquals(100, PageRequest.of("100", null).limit());
        assertThrows(ApiException.class, () -> PageRequest.of("0", null));
        String cursor = PageRequest.encodeCursor("0190b3a4-7c2e-7d1a-9a3b-1c2d3e4f5a6b");
        assertEquals(java.util.UUID.fromString("0190b3a4-7c2e-7d1a-9a3b-1c2d3e4f5a6b"), PageRequest.of("5", cursor).after());
        assertThrows(ApiException.class, () -> PageRequest.of("5", "bm90LWEtY3Vyc29y"));
    }
}
