package payments.transaction;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.util.Map;

/**
 * Payment limits in the sending currency's minor units, keyed by sending currency ("USD") or by
 * corridor ("USD_EUR", which wins over the currency). A currency with no entry has no limit.
 */
@ConfigMapping(prefix = "svc.limits")
public interface LimitsConfig {
    /** Largest single payment. */
    Map<String, Long> transactionMax();

    /** Most a customer (or the platform) may send per UTC day. */
    Map<String, Long> dailyVolume();

    /**
     * Most a payment may carry, in euro cents, to a self-custody wallet whose ownership is not
     * verified yet (the EU transfer-of-funds rule's EUR 1,000).
     */
    @WithDefault("100000")
    long unverifiedWalletMaxEurCents();
}
