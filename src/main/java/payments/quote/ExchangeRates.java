package payments.quote;

import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ServerClock;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * The sandbox's deterministic rate table. A rate is sending major units per one receiving major
 * unit (the spec's direction), derived from each currency's units per US dollar and rounded to 12
 * significant digits once, so a quote and the rate list always agree.
 */
@ApplicationScoped
public class ExchangeRates {

    private static final MathContext PRECISION = new MathContext(12, RoundingMode.HALF_EVEN);

    private final Map<String, BigDecimal> unitsPerUsd;
    private final FxConfig config;
    private final ServerClock clock;

    public ExchangeRates(FxConfig config, ServerClock clock) {
        this.unitsPerUsd = Map.copyOf(config.unitsPerUsd());
        this.config = config;
        this.clock = clock;
    }

    /** Sending units per receiving unit, or empty when either currency has no rate. */
    public Optional<BigDecimal> rate(String sending, String receiving) {
        if (sending.equals(receiving)) {
            return unitsPerUsd.containsKey(sending) ? Optional.of(BigDecimal.ONE) : Optional.empty();
        }
        BigDecimal perUsdSending = unitsPerUsd.get(sending);
        BigDecimal perUsdReceiving = unitsPerUsd.get(receiving);
        if (perUsdSending == null || perUsdReceiving == null) {
            return Optional.empty();
        }
        return Optional.of(perUsdSending.divide(perUsdReceiving, PRECISION).stripTrailingZeros());
    }

    public boolean quotes(String currency) {
        return unitsPerUsd.containsKey(currency);
    }

    /** When the served table was last refreshed: the start of the current cache window. */
    public Instant updatedAt() {
        long window = config.rateCacheTtl().toMillis();
        long now = clock.now().toEpochMilli();
        return Instant.ofEpochMilli(now - Math.floorMod(now, window));
    }
}
