package payments.quote;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;

/** The sandbox's deterministic exchange rates and the service's own fees. */
@ConfigMapping(prefix = "svc.fx")
public interface FxConfig {
    /** Units of each currency one US dollar buys; a currency missing here cannot be converted. */
    Map<String, BigDecimal> unitsPerUsd();

    /** How long a served rate table stays the same (the spec's ~5 minute cache). */
    @WithDefault("5m")
    Duration rateCacheTtl();

    /** The service's variable fee on cross-currency payments, in basis points of the sending amount. */
    @WithDefault("30")
    int serviceFeeBps();

    /** The service's fixed fee on cross-currency payments, per sending currency, in its minor units. */
    Map<String, Long> serviceFixedFee();

    /** How long a quote's locked rate lasts. */
    @WithDefault("5m")
    Duration quoteLifetime();
}
