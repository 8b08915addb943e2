package payments.platform;

import com.fasterxml.jackson.annotation.JsonInclude;
import payments.platform.PlatformConfigRecords.CardConfigs;
import payments.platform.PlatformConfigRecords.CardTokenization2FAConfig;
import payments.platform.PlatformConfigRecords.EmbeddedWalletConfig;
import payments.platform.PlatformConfigRecords.FeeConfig;
import payments.platform.PlatformConfigRecords.PlatformCurrencyConfig;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The stored platform configuration document, and the pure rules for patching it. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlatformSettings(
        String umaDomain,
        String proxyUmaSubdomain,
        String webhookEndpoint,
        List<PlatformCurrencyConfig> supportedCurrencies,
        boolean isRegulatedFinancialInstitution,
        EmbeddedWalletConfig embeddedWalletConfig,
        CardTokenization2FAConfig cardTokenization2faConfig,
        CardConfigs cardConfigs,
        List<FeeConfig> feeConfigs,
        Boolean sandboxSkipVerificationPaperwork) {

    /** Sandbox only: decide KYC/KYB from the magic suffixes at customer creation, without a packet. */
    public boolean skipsVerificationPaperwork() {
        return Boolean.TRUE.equals(sandboxSkipVerificationPaperwork);
    }

    /** The config of {@code currency}, when the platform supports it. */
    public Optional<PlatformCurrencyConfig> currency(String code) {
        return supportedCurrencies.stream().filter(c -> c.currencyCode().equals(code)).findFirst();
    }

    /** The counterparty fields the config requires for payments received in {@code currency}; none when it has no config. */
    public List<String> requiredCounterpartyFields(String currency) {
        return currency(currency).map(c -> c.requiredCounterpartyFields().stream().map(f -> f.name()).toList()).orElse(List.of());
    }

    /** The platform's card configuration; none set means no platform caps and the server's live-card maximum. */
    public CardConfigs cards() {
        return cardConfigs == null ? new CardConfigs(null, List.of()) : cardConfigs;
    }

    public List<String> supportedCurrencyCodes() {
        return supportedCurrencies.stream().map(PlatformCurrencyConfig::currencyCode).toList();
    }

    /** What a new platform starts with: the common fiat and crypto currencies, no fees, addresses at {@code umaDomain}. */
    static PlatformSettings defaults(String umaDomain) {
        List<String> both = List.of("OUTGOING", "INCOMING");
        List<PlatformCurrencyConfig> currencies = new ArrayList<>();
        for (String code : List.of("USD", "EUR", "MXN", "BTC", "USDC", "USDB")) {
            currencies.add(new PlatformCurrencyConfig(code, 1L, 1_000_000_000_000L, List.of(), null, null, both));
        }
        return new PlatformSettings(umaDomain, "platform", null, currencies, false, null, null, null, List.of(), false);
    }

    /** Applies a PATCH: top-level fields replace, nested objects merge, fee configs merge by key. */
    PlatformSettings patchedWith(PlatformConfigRecords.PlatformConfigUpdateRequest patch) {
        String endpoint = patch.webhookEndpoint() == null ? webhookEndpoint
                : patch.webhookEndpoint().isBlank() ? null : patch.webhookEndpoint();
        List<PlatformCurrencyConfig> currencies = patch.supportedCurrencies() == null ? supportedCurrencies
                : patch.supportedCurrencies().stream().map(PlatformCurrencyConfig::withoutReadOnlyFields).toList();
        return new PlatformSettings(
                PlatformConfigRecords.pick(patch.umaDomain(), umaDomain),
                proxyUmaSubdomain,
                endpoint,
                currencies,
                isRegulatedFinancialInstitution,
                PlatformConfigRecords.merge(embeddedWalletConfig, patch.embeddedWalletConfig(), EmbeddedWalletConfig::mergedWith),
                PlatformConfigRecords.merge(cardTokenization2faConfig, patch.cardTokenization2faConfig(),
                        CardTokenization2FAConfig::mergedWith),
                PlatformConfigRecords.merge(cardConfigs, patch.cardConfigs(), CardConfigs::mergedWith),
                patch.feeConfigs() == null ? feeConfigs : mergeFees(feeConfigs, patch.feeConfigs()),
                PlatformConfigRecords.pick(patch.sandboxSkipVerificationPaperwork(), sandboxSkipVerificationPaperwork));
    }

    /** Upsert by (feeType, sourceCurrency); a config whose fees are all zero is removed. */
    static List<FeeConfig> mergeFees(List<FeeConfig> current, List<FeeConfig> updates) {
        List<FeeConfig> merged = new ArrayList<>(current == null ? List.of() : current);
        for (FeeConfig update : updates) {
            merged.removeIf(existing -> existing.sameKey(update));
            if (!update.deactivates()) {
                merged.add(update);
            }
        }
        return List.copyOf(merged);
    }
}
