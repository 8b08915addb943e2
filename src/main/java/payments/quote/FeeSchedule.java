package payments.quote;

import jakarta.enterprise.context.ApplicationScoped;
import payments.platform.PlatformConfigRecords.FeeConfig;
import payments.platform.PlatformSettings;

/**
 * Which fees a payment pays. The service charges cross-currency payments a fixed fee (per sending
 * currency) and a variable rate; same-currency transfers are free. The platform's fee is its
 * standing CROSS_CURRENCY_TRANSACTION config for the sending currency, or the quote's
 * platformFeeOverride, which replaces it (and applies to any corridor, since the caller asked).
 */
@ApplicationScoped
public class FeeSchedule {

    public static final String CROSS_CURRENCY = "CROSS_CURRENCY_TRANSACTION";

    /** A quote's platformFeeOverride: fixed fee in sending minor units and variable basis points. */
    public record PlatformFeeOverride(long fixedFee, int variableFeeBps) {
    }

    private final FxConfig config;

    public FeeSchedule(FxConfig config) {
        this.config = config;
    }

    public QuoteMath.Fees fees(String sending, String receiving, PlatformSettings settings, PlatformFeeOverride override) {
        boolean crossCurrency = !sending.equals(receiving);
        long serviceFixed = crossCurrency ? config.serviceFixedFee().getOrDefault(sending, 0L) : 0;
        int serviceBps = crossCurrency ? config.serviceFeeBps() : 0;
        if (override != null) {
            return new QuoteMath.Fees(serviceFixed, serviceBps, override.fixedFee(), override.variableFeeBps());
        }
        if (!crossCurrency || settings.feeConfigs() == null) {
            return new QuoteMath.Fees(serviceFixed, serviceBps, 0, 0);
        }
        FeeConfig platform = settings.feeConfigs().stream()
                .filter(fee -> CROSS_CURRENCY.equals(fee.feeType()) && sending.equals(fee.sourceCurrency()))
                .findFirst().orElse(null);
        if (platform == null) {
            return new QuoteMath.Fees(serviceFixed, serviceBps, 0, 0);
        }
        long platformFixed = sending.equals(platform.fixedFee().currency()) ? platform.fixedFee().amount() : 0;
        return new QuoteMath.Fees(serviceFixed, serviceBps, platformFixed, platform.variableFeeBps());
    }
}
