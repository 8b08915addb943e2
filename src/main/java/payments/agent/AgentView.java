package payments.agent;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.IdType;
import payments.common.JsonText;
import payments.common.ServerClock;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;

/** Renders agents in their wire shapes. */
@ApplicationScoped
public class AgentView {

    /** The wire's Agent. */
    public record AgentResponse(String id, String name, String customerId, @JsonProperty("isPaused") boolean isPaused,
                                @JsonProperty("isConnected") boolean isConnected, AgentPolicy policy, Usage usage,
                                String createdAt, String updatedAt) {
    }

    /** What the agent executed today and this month (UTC, server clock), and when each count starts again. */
    public record Usage(int dailyTransactionCount, long dailySpend, long monthlySpend, String dailyResetDate,
                        String monthlyResetMonth) {
    }

    public record DeviceCode(String code, String agentId, String expiresAt, boolean redeemed) {
    }

    public record AgentCreated(AgentResponse agent, DeviceCode deviceCode) {
    }

    private final JsonText json;
    private final ServerClock clock;
    private final Duration tokenLifetime;

    public AgentView(JsonText json, ServerClock clock, AgentsConfig config) {
        this.json = json;
        this.clock = clock;
        this.tokenLifetime = config.accessTokenLifetime();
    }

    /** Access tokens handed out before this instant have expired. */
    public Instant tokenCutoff() {
        return clock.now().minus(tokenLifetime);
    }

    /** Whether the agent holds a working access token (isConnected). */
    public boolean connected(Agent agent) {
        return agent.connectedSince(tokenCutoff());
    }

    public AgentPolicy policy(Agent agent) {
        return json.read(agent.policy, AgentPolicy.class);
    }

    public AgentResponse toWire(Agent agent) {
        return new AgentResponse(agent.wireId(), agent.name, IdType.CUSTOMER.wireId(agent.customerId), agent.paused,
                connected(agent), policy(agent), usage(agent), agent.createdAt.toString(), agent.updatedAt.toString());
    }

    /** Counters of an earlier day or month read as zero: they reset at 00:00 UTC. */
    Usage usage(Agent agent) {
        LocalDate today = clock.today();
        YearMonth month = YearMonth.from(today);
        boolean sameDay = today.equals(agent.usageDay);
        boolean sameMonth = month.toString().equals(agent.usageMonth);
        return new Usage(sameDay ? agent.dailyCount : 0, sameDay ? agent.dailySpend : 0, sameMonth ? agent.monthlySpend : 0,
                today.plusDays(1).toString(), month.plusMonths(1).toString());
    }
}
