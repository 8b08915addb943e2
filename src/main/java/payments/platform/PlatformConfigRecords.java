package payments.platform;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.hibernate.validator.constraints.URL;
import payments.common.MinorUnits;
import payments.common.OneOf;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Wire shapes of the platform configuration, named as on the wire. */
public final class PlatformConfigRecords {

    private PlatformConfigRecords() {
    }

    public enum TransactionType { INCOMING, OUTGOING }

    public enum FeeType { CROSS_CURRENCY_TRANSACTION }

    public enum CustomerInfoFieldName {
        FULL_NAME, BIRTH_DATE, NATIONALITY, PHONE_NUMBER, EMAIL, POSTAL_ADDRESS, TAX_ID, REGISTRATION_NUMBER,
        USER_TYPE, COUNTRY_OF_RESIDENCE, ACCOUNT_IDENTIFIER, FI_LEGAL_ENTITY_NAME, FI_ADDRESS, PURPOSE_OF_PAYMENT,
        ULTIMATE_INSTITUTION_COUNTRY, IDENTIFIER, BUSINESS_TYPE, COMPANY_LEGAL_NAME, ID_TYPE, ID_NUMBER
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CounterpartyFieldDefinition(
            @NotNull @OneOf(CustomerInfoFieldName.class) String name,
            @NotNull Boolean mandatory) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record PlatformCurrencyConfig(
            @NotNull String currencyCode,
            @NotNull @Min(0) Long minAmount,
            @NotNull @Min(0) Long maxAmount,
            @NotNull List<@NotNull @Valid CounterpartyFieldDefinition> requiredCounterpartyFields,
            List<String> providerRequiredCustomerFields,
            List<String> providerRequiredCounterpartyCustomerFields,
            @NotNull List<@NotNull @OneOf(TransactionType.class) String> enabledTransactionTypes) {

        /** The read-only provider fields are the server's to set; a request's values are dropped. */
        PlatformCurrencyConfig withoutReadOnlyFields() {
            return new PlatformCurrencyConfig(currencyCode, minAmount, maxAmount, requiredCounterpartyFields,
                    null, null, enabledTransactionTypes);
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record EmbeddedWalletConfig(
            @Size(max = 255) String appName,
            @Min(4) @Max(12) Integer otpLength,
            Boolean alphanumeric,
            @Min(1) @Max(86400) Integer expirationSeconds,
            @Email @Size(max = 255) String sendFromEmailAddress,
            @Size(max = 255) String sendFromEmailSenderName,
            @Email @Size(max = 255) String replyToEmailAddress,
            @URL @Size(max = 512) String logoUrl) {

        EmbeddedWalletConfig mergedWith(EmbeddedWalletConfig patch) {
            return new EmbeddedWalletConfig(
                    pick(patch.appName, appName), pick(patch.otpLength, otpLength), pick(patch.alphanumeric, alphanumeric),
                    pick(patch.expirationSeconds, expirationSeconds), pick(patch.sendFromEmailAddress, sendFromEmailAddress),
                    pick(patch.sendFromEmailSenderName, sendFromEmailSenderName),
                    pick(patch.replyToEmailAddress, replyToEmailAddress), pick(patch.logoUrl, logoUrl));
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CardTokenization2FAEmailConfig(
            @Email @Size(max = 255) String fromAddress,
            @Size(max = 255) String fromName,
            @Email @Size(max = 255) String replyToAddress,
            @Size(max = 255) String subject,
            @Size(max = 2000) String bodyText) {

        CardTokenization2FAEmailConfig mergedWith(CardTokenization2FAEmailConfig patch) {
            return new CardTokenization2FAEmailConfig(pick(patch.fromAddress, fromAddress), pick(patch.fromName, fromName),
                    pick(patch.replyToAddress, replyToAddress), pick(patch.subject, subject), pick(patch.bodyText, bodyText));
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CardTokenization2FASmsConfig(
            @Size(max = 64) String templateSid,
            @Size(max = 480) String bodyText) {

        CardTokenization2FASmsConfig mergedWith(CardTokenization2FASmsConfig patch) {
            return new CardTokenization2FASmsConfig(pick(patch.templateSid, templateSid), pick(patch.bodyText, bodyText));
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CardTokenization2FAConfig(
            @Size(max = 255) String displayName,
            @URL @Pattern(regexp = "^https://\\S+$") @Size(max = 512) String logoUrl,
            @Valid CardTokenization2FAEmailConfig email,
            @Valid CardTokenization2FASmsConfig sms) {

        CardTokenization2FAConfig mergedWith(CardTokenization2FAConfig patch) {
            return new CardTokenization2FAConfig(pick(patch.displayName, displayName), pick(patch.logoUrl, logoUrl),
                    merge(email, patch.email, CardTokenization2FAEmailConfig::mergedWith),
                    merge(sms, patch.sms, CardTokenization2FASmsConfig::mergedWith));
        }
    }

    /** Card amounts and limits: integers exactly representable in a JSON number (2^53 - 1). */
    public static final long MAX_CARD_AMOUNT = 9_007_199_254_740_991L;

    /**
     * The platform's own caps on its cards in one currency: each applies with the card's own
     * value, the lower one winning. Null: no platform cap.
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record CardSpendLimits(
            @NotNull String currency,
            @Min(1) @Max(MAX_CARD_AMOUNT) Long maxSpendPerTransaction,
            @Min(1) @Max(MAX_CARD_AMOUNT) Long maxSpendPerDay,
            @Min(1) @Max(Integer.MAX_VALUE) Integer maxTransactionsPerDay) {

        boolean capsNothing() {
            return maxSpendPerTransaction == null && maxSpendPerDay == null && maxTransactionsPerDay == null;
        }
    }

    /**
     * cardConfigs (this server's design; neither the spec nor the reference shows it):
     * {@code maxLiveCards}, the most cards not CLOSED the platform may hold (at most the server's
     * SVC_CARDS_MAX_LIVE_CARDS), and {@code spendLimits}, the platform's caps per card currency.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CardConfigs(
            @Min(1) Integer maxLiveCards,
            List<@NotNull @Valid CardSpendLimits> spendLimits) {

        /** maxLiveCards replaces; spendLimits upsert by currency, and an entry capping nothing removes the currency's. */
        CardConfigs mergedWith(CardConfigs patch) {
            List<CardSpendLimits> merged = new ArrayList<>(spendLimits == null ? List.of() : spendLimits);
            for (CardSpendLimits update : patch.spendLimits == null ? List.<CardSpendLimits>of() : patch.spendLimits) {
                merged.removeIf(existing -> existing.currency.equals(update.currency));
                if (!update.capsNothing()) {
                    merged.add(update);
                }
            }
            return new CardConfigs(pick(patch.maxLiveCards, maxLiveCards), List.copyOf(merged));
        }

        /** The platform's caps in {@code currency}, or none. */
        public Optional<CardSpendLimits> limits(String currency) {
            return spendLimits == null ? Optional.empty()
                    : spendLimits.stream().filter(l -> l.currency.equals(currency)).findFirst();
        }
    }

    public record FixedFee(@NotNull @Min(0) @Max(MinorUnits.MAX_AMOUNT) Long amount, @NotNull String currency) {
    }

    public record FeeConfig(
            @NotNull @OneOf(FeeType.class) String feeType,
            @NotNull String sourceCurrency,
            @NotNull @Min(0) @Max(10000) Integer variableFeeBps,
            @NotNull @Valid FixedFee fixedFee) {

        boolean sameKey(FeeConfig other) {
            return feeType.equals(other.feeType) && sourceCurrency.equals(other.sourceCurrency);
        }

        boolean deactivates() {
            return variableFeeBps == 0 && fixedFee.amount == 0;
        }
    }

    /** PATCH /config: every field optional; omitted fields stay as they are. */
    public record PlatformConfigUpdateRequest(
            String umaDomain,
            @Size(max = 2048) String webhookEndpoint,
            List<@NotNull @Valid PlatformCurrencyConfig> supportedCurrencies,
            @Valid EmbeddedWalletConfig embeddedWalletConfig,
            @Valid CardTokenization2FAConfig cardTokenization2faConfig,
            @Valid CardConfigs cardConfigs,
            List<@NotNull @Valid FeeConfig> feeConfigs,
            Boolean sandboxSkipVerificationPaperwork) {

        boolean changesNothing() {
            return umaDomain == null && webhookEndpoint == null && supportedCurrencies == null && embeddedWalletConfig == null
                    && cardTokenization2faConfig == null && cardConfigs == null && feeConfigs == null
                    && sandboxSkipVerificationPaperwork == null;
        }
    }

    /** GET /config and PATCH /config response. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record PlatformConfig(
            String id,
            String umaDomain,
            String proxyUmaSubdomain,
            String webhookEndpoint,
            List<PlatformCurrencyConfig> supportedCurrencies,
            @JsonProperty("isRegulatedFinancialInstitution") boolean isRegulatedFinancialInstitution,
            EmbeddedWalletConfig embeddedWalletConfig,
            CardTokenization2FAConfig cardTokenization2faConfig,
            CardConfigs cardConfigs,
            List<FeeConfig> feeConfigs,
            Boolean sandboxSkipVerificationPaperwork,
            String webhookPublicKey,
            String createdAt,
            String updatedAt) {
    }

    static <T> T pick(T patch, T current) {
        return patch != null ? patch : current;
    }

    static <T> T merge(T current, T patch, java.util.function.BinaryOperator<T> merger) {
        if (patch == null) {
            return current;
        }
        return current == null ? patch : merger.apply(current, patch);
    }
}
