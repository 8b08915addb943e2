package payments.agent;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import payments.account.InternalAccount;
import payments.agent.AgentView.AgentCreated;
import payments.agent.AgentView.AgentResponse;
import payments.agent.AgentView.DeviceCode;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.JsonBody;
import payments.common.JsonText;
import payments.common.Page;
import payments.common.PageRequest;
import payments.common.QueryFilters;
import payments.common.ServerClock;
import payments.common.schema.JsonSchema;
import payments.customer.CustomerService;
import payments.quote.ExchangeRates;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** Agents as the platform manages them: creation with a device code, reading, pausing, the policy, deletion. */
@ApplicationScoped
public class AgentService {

    /** The spec names this code for an unknown agent; every agent lookup answers it. */
    public static final ErrorCode NOT_FOUND = ErrorCode.TRANSACTION_NOT_FOUND;

    private static final JsonSchema CREATE = JsonSchema.parse(JsonText.parse("""
            {"type": "object", "required": ["name", "customerId", "policy"], "properties": {
              "name": {"type": "string", "minLength": 1, "maxLength": 255},
              "customerId": {"type": "string"}}}""")).withProperty("policy", AgentPolicies.POLICY);

    /** The body of POST /agents (AgentCreateRequest). */
    public record AgentCreateRequest(String name, String customerId, AgentPolicy policy) {
    }
    private static final JsonSchema UPDATE = JsonSchema.parse(JsonText.parse("""
            {"type": "object", "properties": {
              "name": {"type": "string", "minLength": 1, "maxLength": 255},
              "isPaused": {"type": "boolean"}}}"""));

    private final AgentView view;
    private final AgentsConfig config;
    private final ExchangeRates rates;
    private final ServerClock clock;
    private final JsonText json;

    public AgentService(AgentView view, AgentsConfig config, ExchangeRates rates, ServerClock clock, JsonText json) {
        this.view = view;
        this.config = config;
        this.rates = rates;
        this.clock = clock;
        this.json = json;
    }

    /** POST /agents: the agent, not yet connected, and its first device code. */
    @WithTransaction
    public Uni<AgentCreated> create(JsonBody<AgentCreateRequest> body) {
        JsonBodies.Bound<AgentCreateRequest> bound = body.checked(CREATE);
        AgentCreateRequest request = bound.valid((given, errors) -> {
            if (given.policy() != null) {
                AgentPolicies.check(given.policy(), "policy", false, bound, errors);
            }
            FieldError.checkId("customerId", IdType.CUSTOMER, given.customerId(), errors);
        });
        String customerId = request.customerId();
        AgentPolicy policy = request.policy();
        // The operation's answers list no 404: a customerId naming nobody is an invalid field (issue 51 item 2).
        return CustomerService.findForChange(customerId)
                .onFailure(failure -> failure instanceof ApiException refusal && refusal.errorCode() == ErrorCode.USER_NOT_FOUND)
                .transform(failure -> ApiException.invalidField("customerId", null, "No customer " + customerId))
                .call(customer -> requireOwnAccounts(customer.id, policy, "policy"))
                .flatMap(customer -> {
                    Instant now = clock.now();
                    Agent agent = new Agent();
                    agent.id = Ids.newUuid();
                    agent.customerId = customer.id;
                    agent.name = request.name().strip();
                    agent.policy = json.write(policy);
                    agent.createdAt = now;
                    agent.updatedAt = now;
                    return agent.<Agent>persist().flatMap(saved -> newDeviceCode(agent, now))
                            .map(code -> new AgentCreated(view.toWire(agent), code));
                });
    }

    /** 400 naming each account of the policy that is not an internal account of this customer. */
    private static Uni<Void> requireOwnAccounts(UUID customerId, AgentPolicy policy, String path) {
        Set<String> ids = AgentPolicies.accountIds(policy);
        if (ids.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        List<UUID> uuids = ids.stream().map(id -> Ids.uuidOf(IdType.INTERNAL_ACCOUNT, id, ErrorCode.INTERNAL_ACCOUNT_NOT_FOUND)).toList();
        return InternalAccount.<InternalAccount>list("id in ?1 and customerId = ?2", uuids, customerId).map(own -> {
            List<String> owned = own.stream().map(InternalAccount::wireId).toList();
            List<FieldError> errors = ids.stream().filter(id -> !owned.contains(id))
                    .map(id -> FieldError.of(path + ".accountRestrictions", "Account " + id + " is not an internal account of this customer"))
                    .toList();
            if (!errors.isEmpty()) {
                throw ApiException.invalidInput(errors);
            }
            return null;
        });
    }

    private Uni<DeviceCode> newDeviceCode(Agent agent, Instant now) {
        String code = AgentCredentials.newDeviceCode();
        Instant expiresAt = now.plus(config.deviceCodeLifetime());
        // Flushed first: the agent row the code refers to may still be only in the session.
        return Panache.getSession().flatMap(session -> session.flush().replaceWith(session)).flatMap(session -> session.createNativeQuery("""
                        INSERT INTO agent_device_codes (code_hash, agent_id, expires_at, created_at) VALUES (:hash, :agent, :expires, :now)""")
                .setParameter("hash", AgentCredentials.codeHash(code)).setParameter("agent", agent.id)
                .setParameter("expires", expiresAt).setParameter("now", now).executeUpdate())
                .map(inserted -> new DeviceCode(code, agent.wireId(), expiresAt.toString(), false));
    }

    /** An agent that exists and was not deleted; 404 (TRANSACTION_NOT_FOUND, as the spec names it) otherwise. */
    static Uni<Agent> find(String agentId, boolean forUpdate) {
        return Ids.find(IdType.AGENT, agentId, NOT_FOUND, "Agent", id -> forUpdate
                        ? Agent.<Agent>findById(id, LockModeType.PESSIMISTIC_WRITE) : Agent.<Agent>findById(id))
                .map(agent -> {
                    if (agent.deletedAt != null) {
                        throw new ApiException(NOT_FOUND, "Agent " + agentId + " not found");
                    }
                    return agent;
                });
    }

    @WithSession
    public Uni<AgentResponse> get(String agentId) {
        return find(agentId, false).map(view::toWire);
    }

    /** GET /agents filters. */
    public record AgentListQuery(String customerId, String isPaused, String isConnected, String createdAfter, String createdBefore,
                                 String updatedAfter, String updatedBefore, String limit, String cursor) {
    }

    @WithSession
    public Uni<Page<AgentResponse>> list(AgentListQuery query) {
        PageRequest page = PageRequest.of(query.limit(), query.cursor());
        List<FieldError> errors = new ArrayList<>();
        Boolean paused = flag("isPaused", query.isPaused(), errors);
        Boolean connected = flag("isConnected", query.isConnected(), errors);
        boolean customerValid = FieldError.checkId("customerId", IdType.CUSTOMER, query.customerId(), errors);
        QueryFilters filters = new QueryFilters()
                .where("deletedAt is null")
                .equal("customerId", "customerId", query.customerId() == null || !customerValid ? null
                        : CustomerService.uuidOf(query.customerId()))
                .equal("paused", "paused", paused)
                .timeBound("createdAt", "createdAfter", query.createdAfter(), false)
                .timeBound("createdAt", "createdBefore", query.createdBefore(), true)
                .timeBound("updatedAt", "updatedAfter", query.updatedAfter(), false)
                .timeBound("updatedAt", "updatedBefore", query.updatedBefore(), true)
                .page("id", page);
        errors.addAll(filters.errors());
        if (!errors.isEmpty()) {
            throw ApiException.invalidInput(errors);
        }
        if (connected != null) {
            filters.where(connected ? "accessTokenHash is not null and connectedAt > :tokenCutoff"
                    : "(accessTokenHash is null or connectedAt <= :tokenCutoff)", "tokenCutoff", view.tokenCutoff());
        }
        return Page.fetch(Agent.<Agent>find(filters.clause(), Sort.descending("id"), filters.params()),
                () -> Agent.count(filters.countClause(), filters.countParams()), page, a -> a.id.toString(), view::toWire);
    }

    private static Boolean flag(String name, String value, List<FieldError> errors) {
        if (value == null) {
            return null;
        }
        if (!"true".equals(value) && !"false".equals(value)) {
            errors.add(new FieldError(name, FieldError.Constraint.oneOf(List.of("true", "false")), "Must be true or false"));
            return null;
        }
        return Boolean.valueOf(value);
    }

    /** The body of PATCH /agents/{id} (AgentUpdateRequest): at least one field, neither null. */
    public record AgentUpdateRequest(String name, Boolean isPaused) {
    }

    /** PATCH /agents/{id}: name and/or isPaused. A paused agent still reads; whatever it starts is refused. */
    @WithTransaction
    public Uni<AgentResponse> update(String agentId, JsonBody<AgentUpdateRequest> body) {
        JsonBodies.Bound<AgentUpdateRequest> bound = body.checked(UPDATE);
        AgentUpdateRequest request = bound.valid((given, errors) -> {
            if (!bound.sent("name") && !bound.sent("isPaused")) {
                errors.add(FieldError.of("body", "Send at least one of name, isPaused"));
            }
            for (String field : List.of("name", "isPaused")) {
                if (bound.sentAsNull(field)) {
                    errors.add(FieldError.of(field, "Cannot be null"));
                }
            }
        });
        return find(agentId, true).map(agent -> {
            if (request.name() != null) {
                agent.name = request.name().strip();
            }
            if (request.isPaused() != null) {
                agent.paused = request.isPaused();
            }
            agent.updatedAt = clock.now();
            return view.toWire(agent);
        });
    }

    /** PATCH /agents/{id}/policy: the fields sent replace or merge into the policy, effective for the next request. */
    @WithTransaction
    public Uni<AgentResponse> updatePolicy(String agentId, JsonBody<AgentPolicy> body) {
        JsonBodies.Bound<AgentPolicy> bound = body.checked(AgentPolicies.POLICY_UPDATE);
        AgentPolicy patch = bound.valid((given, errors) -> AgentPolicies.check(given, "", true, bound, errors));
        return find(agentId, true).flatMap(agent -> {
            AgentPolicy current = view.policy(agent);
            String held = current.spendingLimits().currency();
            java.util.function.Function<String, java.math.BigDecimal> newPerOld = currency -> rates.rate(currency, held).orElseThrow(() ->
                    ApiException.invalidField("spendingLimits.currency", null, "No rate between " + held + " and " + currency
                            + " to re-denominate the limits with; send the limits in " + currency + " too"));
            AgentPolicy merged;
            try {
                merged = AgentPolicies.merged(current, bound, newPerOld);
                String currency = merged.spendingLimits().currency();
                if (!currency.equals(held)) {
                    // The day's and month's usage move to the new currency with the limits they are compared with.
                    java.math.BigDecimal rate = newPerOld.apply(currency);
                    agent.dailySpend = AgentPolicies.convert(agent.dailySpend, held, currency, rate, true);
                    agent.monthlySpend = AgentPolicies.convert(agent.monthlySpend, held, currency, rate, true);
                }
            } catch (ArithmeticException tooLarge) {
                throw ApiException.invalidField("spendingLimits.currency", null, "The limits are too large to re-denominate in "
                        + patch.spendingLimits().currency() + "; send them in that currency too");
            }
            return requireOwnAccounts(agent.customerId, merged, "").map(ok -> {
                agent.policy = json.write(merged);
                agent.updatedAt = clock.now();
                return view.toWire(agent);
            });
        });
    }

    /** DELETE /agents/{id}: gone at once; its access token stops working with this commit. */
    @WithTransaction
    public Uni<Void> delete(String agentId) {
        return find(agentId, true).flatMap(agent -> {
            Instant now = clock.now();
            agent.deletedAt = now;
            agent.accessTokenHash = null;
            agent.updatedAt = now;
            return Panache.getSession().flatMap(session -> session.createNativeQuery(
                            "UPDATE agent_device_codes SET invalidated_at = :now WHERE agent_id = :agent AND redeemed_at IS NULL"
                                    + " AND invalidated_at IS NULL")
                    .setParameter("now", now).setParameter("agent", agent.id).executeUpdate()).replaceWithVoid();
        });
    }

    /** POST /agents/{id}/device-codes: a new code, the earlier unredeemed ones invalidated; 409 once connected. */
    @WithTransaction
    public Uni<DeviceCode> regenerateDeviceCode(String agentId) {
        return find(agentId, true).flatMap(agent -> {
            if (view.connected(agent)) {
                throw new ApiException(ErrorCode.CONFLICT, "Agent " + agent.wireId() + " is already connected; a device code"
                        + " connects an agent once");
            }
            return Panache.getSession().flatMap(session -> session.createNativeQuery(
                            "UPDATE agent_device_codes SET invalidated_at = :now WHERE agent_id = :agent AND redeemed_at IS NULL"
                                    + " AND invalidated_at IS NULL")
                    .setParameter("now", clock.now()).setParameter("agent", agent.id).executeUpdate())
                    .flatMap(invalidated -> newDeviceCode(agent, clock.now()));
        });
    }
}
