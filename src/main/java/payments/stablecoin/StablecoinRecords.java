package payments.stablecoin;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import payments.common.OneOf;

/** Wire shapes of stablecoins, their operations and provider account links. */
public final class StablecoinRecords {

    private StablecoinRecords() {
    }

    public enum Provider { BRALE }

    public enum Network { SPARK }

    public enum MintFundingType { WIRE, ACH_DEBIT, SAME_DAY_ACH_DEBIT, GRID_INTERNAL_ACCOUNT, PROVIDER_INTERNAL_BALANCE }

    public enum BurnSourceType { EXTERNAL_ACCOUNT, GRID_INTERNAL_ACCOUNT, PROVIDER_INTERNAL_BALANCE }

    public enum BurnDestinationType { EXTERNAL_ACCOUNT }

    public enum PayoutRail { WIRE, ACH_CREDIT, SAME_DAY_ACH_CREDIT, RTP_CREDIT }

    public enum OperationType { MINT, BURN }

    public enum IssuanceStatus { PENDING_REVIEW, PROVISIONING, PROVISIONED, REJECTED, FAILED }

    public enum GridOperationsStatus { NOT_ENABLED, PENDING_APPROVAL, ENABLING, ENABLED, DISABLED }

    public enum ProviderAccountStatus { ACTIVE, INVALID, REVOKED }

    /** In the token's smallest unit, as a string of digits. */
    private static final String AMOUNT = "^[0-9]+$";

    public record StablecoinProviderAccountLinkRequest(
            @NotNull @OneOf(Provider.class) String provider,
            @NotBlank @Size(max = 255) String apiClientId,
            @NotBlank @Size(max = 1024) String apiClientSecret,
            @Size(min = 1, max = 64) String providerAccountId) {
    }

    public record StablecoinRegisterRequest(
            @NotBlank @Size(max = 64) @Pattern(regexp = "^[A-Za-z0-9_.-]+$") String providerTokenIdentifier,
            @NotBlank @Size(max = 255) String networkTokenIdentifier,
            @NotNull @OneOf(Network.class) String network,
            @Size(max = 80) String stablecoinProviderAccountId) {
    }

    /** The mint funding variants' fields together; which ones a variant needs is checked by the service. */
    public record MintFundingSource(
            @NotNull @OneOf(MintFundingType.class) String type,
            @Size(max = 80) String externalAccountId,
            @Size(max = 80) String accountId,
            @Size(max = 64) String sourceTokenIdentifier,
            @Size(max = 64) String cryptoNetwork) {
    }

    public record MintDestination(@NotBlank @Size(max = 80) String accountId) {
    }

    public record StablecoinMintRequest(
            @NotNull @Pattern(regexp = AMOUNT) @Size(max = 40) String amount,
            @NotNull @Valid MintFundingSource fundingSource,
            @NotNull @Valid MintDestination destination,
            @Size(max = 1024) String description) {
    }

    public record BurnSource(
            @NotNull @OneOf(BurnSourceType.class) String type,
            @Size(max = 80) String accountId) {
    }

    public record BurnDestination(
            @NotNull @OneOf(BurnDestinationType.class) String type,
            @NotBlank @Size(max = 80) String externalAccountId,
            @NotNull @OneOf(PayoutRail.class) String rail) {
    }

    public record StablecoinBurnRequest(
            @NotNull @Pattern(regexp = AMOUNT) @Size(max = 40) String amount,
            @NotNull @Valid BurnSource source,
            @NotNull @Valid BurnDestination destination,
            @Size(max = 1024) String description) {
    }

    /** Where an operation's funds went: `rail` only for a burn's fiat payout. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record OperationDestination(String accountId, String rail) {
    }

    public record EstimatedDelivery(String rail, String amount, String currency, String timing) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record StablecoinProviderAccountResponse(String id, String provider, String providerAccountId, String providerEnvironment,
                                                    String status, String lastVerifiedAt, String createdAt, String updatedAt) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record StablecoinResponse(String id, String name, String symbol, String baseCurrency, String network, int decimals,
                                     String issuanceStatus, String gridOperationsStatus, String networkTokenIdentifier,
                                     String currency, String provider, String stablecoinProviderAccountId,
                                     String providerEnvironment, String providerTokenIdentifier, String createdAt,
                                     String updatedAt) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record StablecoinOperationResponse(String id, String stablecoinId, String operationType, String status, String amount,
                                              String provider, String providerEnvironment, String stablecoinProviderAccountId,
                                              JsonNode source, JsonNode fundingInstructions, JsonNode destination,
                                              JsonNode estimatedDelivery, String expiresAt, String providerStatus,
                                              String failureReason, String description, String createdAt, String updatedAt) {
    }
}
