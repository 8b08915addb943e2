package payments.quote;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.Map;

/**
 * The body of POST /quotes and POST /agents/me/quotes, as the interface's QuoteRequest schema has it.
 * Bound only after that schema passed (or with its failures left out), so each union below holds one
 * variant's fields, told apart by its type field; {@link QuoteRequest#of} resolves them once.
 *
 * @param lockedCurrencyAmount minor units of the locked side (1 to {@link QuoteMath#MAX_AMOUNT}, bounded by the schema)
 * @param senderCustomerInfo   free-form: whatever the receiver's lookup asked for, by the names it gave
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record QuoteCreateRequest(String lookupId, Source source, Destination destination, LockSide lockedCurrencySide,
                                 Long lockedCurrencyAmount, Boolean immediatelyExecute, String description,
                                 String remittanceInformation, String purposeOfPayment, FeeOverride platformFeeOverride,
                                 String scaFactor, Map<String, JsonNode> senderCustomerInfo) {

    public enum LockSide { SENDING, RECEIVING }

    /**
     * AccountQuoteSource ({@code ACCOUNT}: accountId, customerId) or RealtimeFundingQuoteSource
     * ({@code REALTIME_FUNDING}: customerId, currency, cryptoNetwork). The components' order is the
     * order a quote serves them in.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Source(String sourceType, String accountId, String customerId, String currency, String cryptoNetwork) {

        public static final String ACCOUNT = "ACCOUNT";
        public static final String REALTIME_FUNDING = "REALTIME_FUNDING";

        public static Source account(String accountId) {
            return new Source(ACCOUNT, accountId, null, null, null);
        }

        boolean realtime() {
            return REALTIME_FUNDING.equals(sourceType);
        }

        Source forCustomer(String customerWireId) {
            return new Source(sourceType, accountId, customerWireId, currency, cryptoNetwork);
        }
    }

    /** AccountDestination ({@code ACCOUNT}: accountId, paymentRail) or UmaAddressDestination ({@code UMA_ADDRESS}: umaAddress, currency). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Destination(String destinationType, String accountId, String paymentRail, String umaAddress, String currency) {

        public static final String ACCOUNT = "ACCOUNT";
        public static final String UMA_ADDRESS = "UMA_ADDRESS";

        public static Destination account(String accountId, String paymentRail) {
            return new Destination(ACCOUNT, accountId, paymentRail, null, null);
        }

        boolean uma() {
            return UMA_ADDRESS.equals(destinationType);
        }
    }

    /** The platform's fee for this payment instead of its configured one. */
    public record FeeOverride(FixedFee platformFixedFee, Integer platformVariableFeeBps) {
    }

    public record FixedFee(Long amount, String currency) {
    }

    /** A transfer's quote (POST /transfer-in, /transfer-out and the agent's): sending side locked. */
    public static QuoteCreateRequest transfer(Source source, Destination destination, long amount, boolean execute,
                                              String remittanceInformation, String purposeOfPayment) {
        return new QuoteCreateRequest(null, source, destination, LockSide.SENDING, amount, execute ? Boolean.TRUE : null, null,
                remittanceInformation, purposeOfPayment, null, null, null);
    }

    boolean executesAtOnce() {
        return Boolean.TRUE.equals(immediatelyExecute);
    }
}
