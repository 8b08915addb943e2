package payments.quote;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.Currencies.Currency;
import payments.common.Currencies;
import payments.common.FieldError;
import payments.platform.PlatformConfigService;
import payments.platform.PlatformSettings;
import payments.transaction.PaymentLimits;
import payments.transaction.TransactionView;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * GET /exchange-rates: every corridor from the platform's currencies (or the one asked for) to the
 * fiat currencies the rate table knows, priced for a sending amount with the fees a quote would
 * charge (the platform's standing fees included). Crypto destinations have no payment rail in the
 * reference's list, so they are left out here and quoted through POST /quotes.
 */
@ApplicationScoped
public class ExchangeRateService {

    public static final long DEFAULT_SENDING_AMOUNT = 10_000;

    public record Fees(long fixed, long total) {
    }

    public record ExchangeRate(Currency sourceCurrency, long sendingAmount, long minSendingAmount, long maxSendingAmount,
                               Currency destinationCurrency, String destinationPaymentRail, long receivingAmount,
                               BigDecimal exchangeRate, Fees fees, String updatedAt) {
    }

    public record ExchangeRateList(List<ExchangeRate> data) {
    }

    private static final Map<String, String> RAILS = Map.ofEntries(
            Map.entry("USD", "ACH"), Map.entry("EUR", "SEPA_INSTANT"), Map.entry("GBP", "FASTER_PAYMENTS"),
            Map.entry("MXN", "SPEI"), Map.entry("BRL", "PIX"), Map.entry("INR", "UPI"), Map.entry("PHP", "INSTAPAY"),
            Map.entry("SGD", "PAYNOW"), Map.entry("KES", "MOBILE_MONEY"), Map.entry("GHS", "MOBILE_MONEY"),
            Map.entry("UGX", "MOBILE_MONEY"), Map.entry("TZS", "MOBILE_MONEY"), Map.entry("RWF", "MOBILE_MONEY"),
            Map.entry("ZMW", "MOBILE_MONEY"), Map.entry("MWK", "MOBILE_MONEY"), Map.entry("XOF", "MOBILE_MONEY"),
            Map.entry("XAF", "MOBILE_MONEY"), Map.entry("COP", "BRE_B"), Map.entry("CNY", "CIPS"));

    private final ExchangeRates rates;
    private final FeeSchedule fees;
    private final PlatformConfigService platform;
    private final PaymentLimits limits;

    public ExchangeRateService(ExchangeRates rates, FeeSchedule fees, PlatformConfigService platform, PaymentLimits limits) {
        this.rates = rates;
        this.fees = fees;
        this.platform = platform;
        this.limits = limits;
    }

    public Uni<ExchangeRateList> list(String sourceCurrency, List<String> destinationCurrencies, String sendingAmount) {
        List<FieldError> errors = new ArrayList<>();
        if (sourceCurrency != null && !(Currencies.isKnown(sourceCurrency) && rates.quotes(sourceCurrency))) {
            errors.add(FieldError.of("sourceCurrency", "No rates for " + sourceCurrency));
        }
        for (int i = 0; i < destinationCurrencies.size(); i++) {
            String code = destinationCurrencies.get(i);
            if (!(Currencies.isKnown(code) && rates.quotes(code))) {
                errors.add(FieldError.of("destinationCurrency[" + i + "]", "No rates for " + code));
            }
        }
        long amount = parseAmount(sendingAmount, errors);
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        return platform.settings().map(settings -> {
            List<String> sources = sourceCurrency != null ? List.of(sourceCurrency)
                    : settings.supportedCurrencyCodes().stream().filter(rates::quotes).toList();
            List<String> destinations = !destinationCurrencies.isEmpty() ? destinationCurrencies
                    : Currencies.codes().stream().filter(code -> rates.quotes(code) && !Currencies.isCrypto(code)).toList();
            List<ExchangeRate> rows = new ArrayList<>();
            for (String source : sources) {
                for (String destination : destinations) {
                    if (!source.equals(destination) && !Currencies.isCrypto(destination)) {
                        rows.add(row(source, destination, amount, settings));
                    }
                }
            }
            return new ExchangeRateList(rows);
        });
    }

    private ExchangeRate row(String source, String destination, long amount, PlatformSettings settings) {
        BigDecimal rate = rates.rate(source, destination).orElseThrow();
        QuoteMath.Fees charged = fees.fees(source, destination, settings, null);
        QuoteMath.Conversion conversion = new QuoteMath.Conversion(Currencies.require(source).decimals(),
                Currencies.require(destination).decimals(), rate);
        long receiving = 0;
        long total = charged.serviceFixed() + charged.platformFixed();
        if (amount > 0) {
            try {
                QuoteMath.Amounts amounts = QuoteMath.sendingLocked(amount, conversion, charged);
                receiving = amounts.totalReceiving();
                total = amounts.feesIncluded();
            } catch (QuoteMath.Unquotable e) {
                total = amount;
            }
        }
        long max = limits.transactionMax(source, destination).orElse(QuoteMath.MAX_AMOUNT);
        return new ExchangeRate(Currencies.require(source), amount, 1, max, Currencies.require(destination),
                RAILS.getOrDefault(destination, "BANK_TRANSFER"), receiving, TransactionView.plain(rate),
                new Fees(charged.serviceFixed() + charged.platformFixed(), total), rates.updatedAt().toString());
    }

    private static long parseAmount(String sendingAmount, List<FieldError> errors) {
        if (sendingAmount == null || sendingAmount.isBlank()) {
            return DEFAULT_SENDING_AMOUNT;
        }
        try {
            long amount = Long.parseLong(sendingAmount.trim());
            if (amount >= 0 && amount <= QuoteMath.MAX_AMOUNT) {
                return amount;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        errors.add(FieldError.of("sendingAmount", "Must be an integer from 0 to " + QuoteMath.MAX_AMOUNT));
        return 0;
    }
}
