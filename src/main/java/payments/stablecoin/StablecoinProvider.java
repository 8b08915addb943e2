package payments.stablecoin;

import payments.common.ApiException;
import payments.common.ErrorCode;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The stablecoin provider (the reference's is Brale) as this server needs it: checking linked
 * credentials, reading token metadata, linking the external accounts operations use, and saying
 * where funds go and how an operation handed to it gets on. The sandbox simulates one from magic values;
 * production has none connected ({@link #NONE}: every stablecoin operation answers 501).
 */
public interface StablecoinProvider {

    /** The one provider the reference names. */
    String BRALE = "BRALE";

    /** What the provider reports of a token it created. */
    record Token(String name, String symbol, String baseCurrency, int decimals, String issuanceStatus) {
    }

    /** How an operation's funds reach the provider, for its instructions. */
    enum Funding { WIRE, SPARK_DEPOSIT }

    /** SANDBOX or PRODUCTION: the provider environment of everything linked through this server. */
    String environment();

    /** The provider account ids these credentials reach; empty when the provider refuses them. */
    List<String> accountsFor(String apiClientId, String apiClientSecret);

    /** The provider's token by its identifier (Brale's value_type), if the provider has one. */
    Optional<Token> token(String providerAccountId, String providerTokenIdentifier);

    /**
     * Why the provider cannot link the external account with this identifier (account number or
     * address) for an operation, as one of the STABLECOIN_EXTERNAL_ACCOUNT_* codes; empty when it can.
     */
    Optional<ErrorCode> linkRefusal(String accountIdentifier);

    /** Where the funds of an operation waiting for them must be sent (safe to show: no credentials). */
    Map<String, Object> fundingInstructions(Funding funding, String valueType, String reference);

    /**
     * An operation handed to the provider: its reference (in the funding instructions), whether it
     * mints, its status here ({@code PENDING_PROVIDER} or {@code PROCESSING}), and the identifier
     * of its counterparty (a mint's wallet address, a burn's bank account number).
     */
    record Handed(String reference, boolean mint, String status, String counterpartyIdentifier) {
    }

    /** What the provider did with an operation since it was last asked. */
    enum Progress { NOTHING_NEW, FUNDS_RECEIVED, COMPLETED, FAILED }

    /** @param failureReason the provider's reason, for {@link Progress#FAILED} only */
    record Report(Progress progress, String failureReason) {
        public static Report of(Progress progress) {
            return new Report(progress, null);
        }

        public static Report failed(String reason) {
            return new Report(Progress.FAILED, java.util.Objects.requireNonNull(reason, "a failure names its reason"));
        }
    }

    /** Where the provider is with an operation handed to it. */
    Report report(Handed operation);

    /** How long after handing an operation over, or after a report with nothing new, the server asks again. */
    java.time.Duration pollInterval();

    StablecoinProvider NONE = new StablecoinProvider() {
        private ApiException notConnected() {
            return new ApiException(ErrorCode.NOT_IMPLEMENTED, "No stablecoin provider is connected to this server in production mode");
        }

        @Override
        public String environment() {
            return "PRODUCTION";
        }

        @Override
        public List<String> accountsFor(String apiClientId, String apiClientSecret) {
            throw notConnected();
        }

        @Override
        public Optional<Token> token(String providerAccountId, String providerTokenIdentifier) {
            throw notConnected();
        }

        @Override
        public Optional<ErrorCode> linkRefusal(String accountIdentifier) {
            throw notConnected();
        }

        @Override
        public Map<String, Object> fundingInstructions(Funding funding, String valueType, String reference) {
            throw notConnected();
        }

        @Override
        public Report report(Handed operation) {
            throw notConnected();
        }

        @Override
        public java.time.Duration pollInterval() {
            return java.time.Duration.ofMinutes(1);
        }
    };
}
