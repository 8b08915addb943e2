package payments.quote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import payments.common.ApiException;
import payments.common.IdType;
import payments.quote.FeeSchedule.PlatformFeeOverride;

/**
 * A quote request after schema validation, mapped once into typed parts: the services below the
 * resource read these, never the JSON by path. What the quote echoes back as it was given (its
 * source and destination documents, the free-form fields) travels along as opaque documents.
 *
 * @param lockSending  whether the sending amount is locked (else the receiving one)
 * @param lockedAmount the locked amount in minor units (1 to {@link QuoteMath#MAX_AMOUNT}, checked by the schema)
 */
record QuoteRequest(Source source, Destination destination, boolean lockSending, long lockedAmount,
                    boolean immediatelyExecute, String description, String lookupId, JsonNode senderCustomerInfo,
                    String scaFactor, PlatformFeeOverride feeOverride, ObjectNode sourceDocument, JsonNode destinationDocument,
                    ObjectNode echoed) {

    /** Who pays. */
    sealed interface Source permits FromAccount, Realtime {
        /** The customerId the request names for the payer, if any. */
        String customerId();
    }

    /** An internal account, or (a pull) the holder's own external account. */
    record FromAccount(AccountRef account, String customerId) implements Source {
    }

    /** Funds sent per the quote's paymentInstructions, in {@code currency}. */
    record Realtime(String currency, String customerId) implements Source {
    }

    /** Who is paid. */
    sealed interface Destination permits ToAccount, ToUma {
    }

    record ToAccount(AccountRef account, String paymentRail) implements Destination {
    }

    /** A UMA address; {@code currency} null for the receiver's first currency. */
    record ToUma(String umaAddress, String currency) implements Destination {
    }

    /** An account id from the request, its kind decided once by its prefix. */
    sealed interface AccountRef permits InternalRef, ExternalRef {
        String wireId();

        /** 400 on {@code field} unless the id is an internal or an external account's. */
        static AccountRef of(String field, String wireId) {
            if (wireId.startsWith(IdType.INTERNAL_ACCOUNT.prefix() + ":")) {
                return new InternalRef(wireId);
            }
            if (wireId.startsWith(IdType.EXTERNAL_ACCOUNT.prefix() + ":")) {
                return new ExternalRef(wireId);
            }
            throw ApiException.invalidField(field, null, "Must be an internal or external account id");
        }
    }

    record InternalRef(String wireId) implements AccountRef {
    }

    record ExternalRef(String wireId) implements AccountRef {
    }

    /** The fields the quote keeps as asked, beside its source and destination. */
    private static final String[] ECHOED = {"description", "remittanceInformation", "purposeOfPayment", "senderCustomerInfo",
            "lookupId", "scaFactor"};

    /** Maps a body that passed the quoteCreate schema (every required field present, every type right). */
    static QuoteRequest of(ObjectNode request) {
        JsonNode source = request.get("source");
        JsonNode destination = request.get("destination");
        JsonNode override = request.get("platformFeeOverride");
        ObjectNode echoed = request.deepCopy();
        echoed.retain(ECHOED);
        return new QuoteRequest(sourceOf(source), destinationOf(destination),
                "SENDING".equals(request.get("lockedCurrencySide").asText()), request.get("lockedCurrencyAmount").asLong(),
                request.path("immediatelyExecute").asBoolean(false), text(request, "description"), text(request, "lookupId"),
                request.get("senderCustomerInfo"), text(request, "scaFactor"),
                override == null ? null : new PlatformFeeOverride(override.get("platformFixedFee").get("amount").asLong(),
                        override.get("platformVariableFeeBps").asInt()),
                source.deepCopy(), destination, echoed);
    }

    private static Source sourceOf(JsonNode source) {
        if ("REALTIME_FUNDING".equals(source.get("sourceType").asText())) {
            return new Realtime(source.get("currency").asText(), text(source, "customerId"));
        }
        return new FromAccount(AccountRef.of("source.accountId", source.get("accountId").asText()), text(source, "customerId"));
    }

    private static Destination destinationOf(JsonNode destination) {
        if ("UMA_ADDRESS".equals(destination.get("destinationType").asText())) {
            return new ToUma(destination.get("umaAddress").asText(), text(destination, "currency"));
        }
        return new ToAccount(AccountRef.of("destination.accountId", destination.get("accountId").asText()),
                text(destination, "paymentRail"));
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    /** The paying account's id; null when realtime funds pay. */
    String sourceAccountId() {
        return source instanceof FromAccount from ? from.account().wireId() : null;
    }

    /** The receiving account's id; null for a UMA address. */
    String destinationAccountId() {
        return destination instanceof ToAccount to ? to.account().wireId() : null;
    }

    /** Both sides are internal accounts. */
    boolean betweenInternalAccounts() {
        return source instanceof FromAccount from && from.account() instanceof InternalRef
                && destination instanceof ToAccount to && to.account() instanceof InternalRef;
    }
}
