package payments.agent;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Agents: how their device codes behave. */
@ConfigMapping(prefix = "svc.agents")
public interface AgentsConfig {
    /** How long a device code can be redeemed. */
    @WithDefault("24h")
    Duration deviceCodeLifetime();

    /**
     * How long an agent's access token works after the agent connected; then the agent shows
     * isConnected false and the platform issues it a new device code.
     */
    @WithDefault("P90D")
    Duration accessTokenLifetime();

    /** Failed redemptions of codes with the same first four characters in one window before they have to wait. */
    @WithDefault("5")
    int redeemFailuresPerPrefix();

    /** The sliding window of those failures: the longest a valid code's holder waits while its prefix is guessed. */
    @WithDefault("1m")
    Duration redeemPrefixWindow();
}
