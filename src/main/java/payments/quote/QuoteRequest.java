package payments.quote;

import com.fasterxml.jackson.databind.JsonNode;
import payments.common.ApiException;
import payments.common.IdType;
import payments.quote.FeeSchedule.PlatformFeeOverride;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A quote request after its checks, its unions resolved once into typed parts: the services below
 * the resource read these. What the quote echoes back as it was given (its source and destination,
 * the free-form fields) travels along as the request's own records.
 *
 * @param lockSending  whether the sending amount is locked (else the receiving one)
 * @param lockedAmount the locked amount in minor units (1 to {@link QuoteMath#MAX_AMOUNT}, checked by the schema)
 * @param echoed       the fields the quote keeps as asked, in the order it serves them
 */
record QuoteRequest(Source source, Destination destination, boolean lockSending, long lockedAmount,
                    boolean immediatelyExecute, String description, String lookupId, Map<String, JsonNode> senderCustomerInfo,
                    String scaFactor, PlatformFeeOverride feeOverride, QuoteCreateRequest.Source sourceAsSent,
                    QuoteCreateRequest.Destination destinationAsSent, Map<String, Object> echoed) {

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

    /** Maps a request that passed its checks (every required field present, every type right). */
    static QuoteRequest of(QuoteCreateRequest request) {
        QuoteCreateRequest.FeeOverride override = request.platformFeeOverride();
        Map<String, Object> echoed = new LinkedHashMap<>();
        echo(echoed, "description", request.description());
        echo(echoed, "remittanceInformation", request.remittanceInformation());
        echo(echoed, "purposeOfPayment", request.purposeOfPayment());
        echo(echoed, "senderCustomerInfo", request.senderCustomerInfo());
        echo(echoed, "lookupId", request.lookupId());
        echo(echoed, "scaFactor", request.scaFactor());
        return new QuoteRequest(sourceOf(request.source()), destinationOf(request.destination()),
                request.lockedCurrencySide() == QuoteCreateRequest.LockSide.SENDING, request.lockedCurrencyAmount(),
                request.executesAtOnce(), request.description(), request.lookupId(), request.senderCustomerInfo(), request.scaFactor(),
                override == null ? null : new PlatformFeeOverride(override.platformFixedFee().amount(), override.platformVariableFeeBps()),
                request.source(), request.destination(), echoed);
    }

    private static void echo(Map<String, Object> echoed, String field, Object value) {
        if (value != null) {
            echoed.put(field, value);
        }
    }

    private static Source sourceOf(QuoteCreateRequest.Source source) {
        if (source.realtime()) {
            return new Realtime(source.currency(), source.customerId());
        }
        return new FromAccount(AccountRef.of("source.accountId", source.accountId()), source.customerId());
    }

    private static Destination destinationOf(QuoteCreateRequest.Destination destination) {
        if (destination.uma()) {
            return new ToUma(destination.umaAddress(), destination.currency());
        }
        return new ToAccount(AccountRef.of("destination.accountId", destination.accountId()), destination.paymentRail());
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
