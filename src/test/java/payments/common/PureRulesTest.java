package payments.common;

import org.junit.jupiter.api.Test;
import payments.codes.CodeLimits;
import payments.webhook.WebhookRetryPolicy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Plain unit tests of the pure rules: retry schedule, ids, paging parameters, code limits, e-mail addresses. */
class PureRulesTest {

    @Test
    void anArrayOverItsBoundIsOneErrorAndItsItemsPastTheBoundAreNotChecked() {
        var schema = payments.common.schema.JsonSchema.parse(JsonText.parse(
                "{\"type\": \"array\", \"maxItems\": 5, \"items\": {\"type\": \"string\"}}"));
        var items = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
        for (int i = 0; i < 10_000; i++) {
            items.add(i);
        }
        var errors = payments.common.schema.SchemaValidator.validate(items, schema, "list").errors();
        assertEquals(6, errors.size(), "the array once, and its first five items: " + errors.subList(0, Math.min(errors.size(), 8)));
        assertEquals("list", errors.get(0).field());
    }

    @Test
    void repeatsOfOneRuleAreCountedNotListedAndDistinctFieldsStayListed() {
        java.util.List<FieldError> errors = new java.util.ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            errors.add(FieldError.of("permissions[" + i + "]", "Must be one of VIEW, TRANSACT, MANAGE"));
        }
        errors.add(FieldError.of("name", "Is required"));
        errors.add(FieldError.of("permissions[3].x[2]", "Other rule"));
        ApiException refused = ApiException.invalidInput(errors);
        @SuppressWarnings("unchecked")
        var listed = (java.util.List<FieldError>) refused.details().get("errors");
        assertEquals(java.util.List.of("permissions[0]", "permissions[1]", "permissions[2]", "name", "permissions[3].x[2]"),
                listed.stream().map(FieldError::field).toList());
        assertEquals(9_997, refused.details().get("omittedErrors"));
        assertNull(ApiException.invalidInput(errors.subList(0, 3)).details().get("omittedErrors"));
    }

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
    void anIdsUuidIsEightFourFourFourTwelveAsciiHexDigits() {
        String uuid = "0190a3b2-7c4d-7e8f-9A0B-c1d2e3f4a5b6";
        assertTrue(Ids.isValid(IdType.CUSTOMER, "Customer:" + uuid));
        for (String bad : List.of(uuid.substring(1), uuid + "0", uuid.replace('-', '0'), uuid.replace("7c4d-", "7c4d0"),
                uuid.replace('a', 'g'), uuid.replace('0', '\uFF10'), uuid.replace('1', '\u0661'), " " + uuid.substring(1), "")) {
            assertFalse(Ids.isValid(IdType.CUSTOMER, "Customer:" + bad), bad);
        }
        assertFalse(Ids.isValid(IdType.CUSTOMER, "Customer" + uuid));
        assertFalse(Ids.isValid(IdType.CUSTOMER, null));
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
    void codeLimitsRefuseASendAtEachLimitAndSpendACodeAtItsAttempts() {
        CodeLimits limits = new CodeLimits(5, 5, 20);
        limits.checkSend("Subject", 4, 19);
        ApiException tooManySends = assertThrows(ApiException.class, () -> limits.checkSend("Subject", 5, 0));
        assertEquals("RATE_LIMITED", tooManySends.code());
        assertEquals(429, tooManySends.status());
        assertEquals(CodeLimits.SEND_WINDOW.toSeconds(), (long) tooManySends.retryAfterSeconds());
        assertTrue(tooManySends.reason().startsWith("Subject was sent 5 codes"), tooManySends.reason());
        ApiException tooManyFailures = assertThrows(ApiException.class, () -> limits.checkSend("Subject", 0, 20));
        assertEquals(CodeLimits.FAILURE_WINDOW.toSeconds(), (long) tooManyFailures.retryAfterSeconds());
        assertTrue(tooManyFailures.reason().contains("20 wrong codes"), tooManyFailures.reason());
        assertFalse(limits.spent(4));
        assertTrue(limits.spent(5));
        assertEquals(java.util.List.of(5, 5, 20), java.util.List.of(CodeLimits.DEFAULT.attemptsPerCode(),
                CodeLimits.DEFAULT.sendsPerWindow(), CodeLimits.DEFAULT.failuresPerDay()), "contact codes keep the wallet codes' defaults");
    }

    @Test
    void anEmailAddressIsOneAddressAsTheMailerReadsIt() {
        assertTrue(payments.common.schema.SchemaValidator.matchesFormat("email", "jane@example.com"));
        for (String many : java.util.List.of("victim@example.com>,<attacker", "a@b.co,c@d.co", "eve@x.com(Eve)",
                "Jane <jane@example.com>", "a".repeat(250) + "@b.co")) {
            assertFalse(payments.common.schema.SchemaValidator.matchesFormat("email", many), many);
        }
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
