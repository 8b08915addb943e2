package payments.sandbox.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.qute.Engine;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.security.Caller;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.PublicEndpoint;
import payments.common.security.SandboxOnly;
import payments.common.web.ApiPath;
import payments.customer.CustomerResource;
import payments.platform.ApiTokenService;
import payments.sandbox.SandboxCardResource;
import payments.sandbox.SandboxMoneyResource;
import payments.sandbox.SandboxResource;
import payments.verification.ComplianceReviewResource;
import payments.webhook.WebhookDeliveryResource;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The sandbox console: server-rendered pages over the same operations the API serves. Pages read
 * through {@link ConsolePages}; every form posts to an action here that builds the JSON body of the
 * API operation it stands for and calls that operation's resource method, so a form is checked,
 * permitted and recorded exactly as the API call would be. Signed in with an API token's client id
 * and secret ({@link ConsoleSessions}); each page needs the permission its API operation needs.
 */
@Path("/console")
@PublicEndpoint
@SandboxOnly
@Produces(MediaType.TEXT_HTML)
public class ConsoleResource {

    private final ConsoleSessions sessions;
    private final ConsolePages pages;
    private final ApiTokenService tokens;
    private final CurrentCaller currentCaller;
    private final Engine templates;
    private final ObjectMapper mapper;
    private final SandboxMoneyResource money;
    private final SandboxCardResource cards;
    private final SandboxResource sandbox;
    private final WebhookDeliveryResource deliveries;
    private final ComplianceReviewResource reviews;
    private final CustomerResource customers;
    private final payments.common.JsonBodies bodies;
    /** The API's base path with its closing slash ("/2025-10-13/"): where the console's links start. */
    private final String base;

    public ConsoleResource(ConsoleSessions sessions, ConsolePages pages, ApiTokenService tokens, CurrentCaller currentCaller,
                           Engine templates, ObjectMapper mapper, SandboxMoneyResource money, SandboxCardResource cards,
                           SandboxResource sandbox, WebhookDeliveryResource deliveries, ComplianceReviewResource reviews,
                           CustomerResource customers, payments.common.JsonBodies bodies) {
        this.base = ApiPath.BASE_WITH_SLASH;
        this.sessions = sessions;
        this.pages = pages;
        this.tokens = tokens;
        this.currentCaller = currentCaller;
        this.templates = templates;
        this.mapper = mapper;
        this.money = money;
        this.cards = cards;
        this.sandbox = sandbox;
        this.deliveries = deliveries;
        this.reviews = reviews;
        this.customers = customers;
        this.bodies = bodies;
    }

    // Signing in and out.

    /** The sign-in page: a fresh nonce in its cookie, the form token made from it in its form. */
    @GET
    @Path("login")
    public Uni<Response> loginPage(@QueryParam("failed") String failed, @QueryParam("expired") String expired) {
        String nonce = sessions.newLoginNonce();
        return render(200, "login", Map.of("failed", failed != null, "expired", expired != null, "form", sessions.loginFormToken(nonce)),
                loginCookie(nonce, ConsoleSessions.LOGIN_LIFETIME.toSeconds()));
    }

    /** Signs in only a form posted from the sign-in page (its cookie and its token), then retires that page's nonce. */
    @POST
    @Path("login")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> login(@CookieParam(ConsoleSessions.LOGIN_COOKIE) String nonce, @FormParam("form") String form,
                               @FormParam("clientId") String clientId, @FormParam("clientSecret") String clientSecret) {
        if (!sessions.loginFormTokenValid(nonce, form)) {
            return Uni.createFrom().item(redirect("login?expired=1"));
        }
        if (clientId == null || clientSecret == null || clientId.isBlank()) {
            return Uni.createFrom().item(redirect("login?failed=1"));
        }
        String basic = Base64.getEncoder().encodeToString((clientId.strip() + ":" + clientSecret.strip()).getBytes(StandardCharsets.UTF_8));
        return tokens.authenticate(basic).map(caller -> caller == null || !caller.has(Permission.VIEW)
                ? redirect("login?failed=1")
                : redirect("", sessionCookie(sessions.open(clientId.strip()), ConsoleSessions.LIFETIME.toSeconds()), loginCookie("", 0)));
    }

    /**
     * Ends the session only for the session's own form: a post without the session cookie touches
     * no cookie (another site's form could otherwise sign a browser out), one without its form token is refused.
     */
    @POST
    @Path("logout")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> logout(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form) {
        return signedIn(session).flatMap(caller -> {
            if (caller == null) {
                return Uni.createFrom().item(redirect("login"));
            }
            if (!sessions.formTokenValid(session, form)) {
                return foreignForm(caller, session);
            }
            return Uni.createFrom().item(redirect("login", sessionCookie("", 0)));
        });
    }

    // Pages.

    @GET
    public Uni<Response> home(@CookieParam(ConsoleSessions.COOKIE) String session, @QueryParam("notice") String notice) {
        return page(session, Permission.VIEW, "home", notice, pages::home);
    }

    @GET
    @Path("customers")
    public Uni<Response> customers(@CookieParam(ConsoleSessions.COOKIE) String session, @QueryParam("cursor") String cursor) {
        return page(session, Permission.VIEW, "customers", caller -> pages.customers(cursor));
    }

    @GET
    @Path("customers/{id}")
    public Uni<Response> customer(@CookieParam(ConsoleSessions.COOKIE) String session, @PathParam("id") String id,
                                  @QueryParam("notice") String notice) {
        return page(session, Permission.VIEW, "customer", notice, caller -> pages.customer(id, caller));
    }

    @GET
    @Path("accounts/{id}")
    public Uni<Response> account(@CookieParam(ConsoleSessions.COOKIE) String session, @PathParam("id") String id,
                                 @QueryParam("notice") String notice) {
        return page(session, Permission.VIEW, "account", notice, caller -> pages.account(id));
    }

    @GET
    @Path("transactions")
    public Uni<Response> transactions(@CookieParam(ConsoleSessions.COOKIE) String session, @QueryParam("status") String status,
                                      @QueryParam("customerId") String customerId, @QueryParam("cursor") String cursor) {
        return page(session, Permission.VIEW, "transactions", caller -> pages.transactions(status, customerId, cursor));
    }

    @GET
    @Path("transactions/{id}")
    public Uni<Response> transaction(@CookieParam(ConsoleSessions.COOKIE) String session, @PathParam("id") String id) {
        return page(session, Permission.VIEW, "transaction", caller -> pages.transaction(id));
    }

    @GET
    @Path("webhooks")
    public Uni<Response> webhooks(@CookieParam(ConsoleSessions.COOKIE) String session, @QueryParam("eventType") String eventType,
                                  @QueryParam("status") String status, @QueryParam("cursor") String cursor) {
        return page(session, Permission.VIEW, "webhooks", caller -> pages.webhooks(eventType, status, cursor));
    }

    @GET
    @Path("webhooks/{id}")
    public Uni<Response> webhook(@CookieParam(ConsoleSessions.COOKIE) String session, @PathParam("id") String id,
                                 @QueryParam("notice") String notice) {
        return page(session, Permission.VIEW, "webhook", notice, caller -> pages.webhook(id));
    }

    // Actions: each the API operation named beside it, with the same body.

    /** POST /customers {"customerType": "INDIVIDUAL", "platformCustomerId", "fullName", "region", "currencies": [one]}. */
    @POST
    @Path("customers")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> createCustomer(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                        @FormParam("platformCustomerId") String platformCustomerId,
                                        @FormParam("fullName") String fullName, @FormParam("region") String region,
                                        @FormParam("currency") String currency) {
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("customerType", "INDIVIDUAL")
                .put("platformCustomerId", platformCustomerId).put("fullName", fullName).put("region", region);
        body.putArray("currencies").add(currency);
        return act(session, form, Permission.MANAGE, () -> customers.create(null, bodies.body(body, payments.customer.CustomerRequest.class))
                .map(created -> "customers/" + bodyOf(created).path("id").asText() + "?notice=created"));
    }

    /** POST /sandbox/internal-accounts/{id}/fund {"amount"}. */
    @POST
    @Path("accounts/{id}/fund")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> fund(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                              @PathParam("id") String id, @FormParam("amount") String amount) {
        ObjectNode body = JsonNodeFactory.instance.objectNode().set("amount", number(amount));
        return act(session, form, Permission.TRANSACT,
                () -> money.fund(id, bodies.body(body, payments.sandbox.SandboxFunding.FundRequest.class)).map(account -> "accounts/" + id + "?notice=funded"));
    }

    /** POST /sandbox/cards/{id}/simulate/authorization {"amount", "currency", "merchant"}. */
    @POST
    @Path("cards/{id}/authorize")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> authorize(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                   @PathParam("id") String id, @FormParam("amount") String amount,
                                   @FormParam("currency") String currency, @FormParam("descriptor") String descriptor,
                                   @FormParam("customerId") String customerId) {
        ObjectNode body = JsonNodeFactory.instance.objectNode().set("amount", number(amount));
        body.putObject("currency").put("code", currency);
        body.putObject("merchant").put("descriptor", descriptor).put("mcc", "5814").put("country", "US");
        return act(session, form, Permission.TRANSACT, () -> cards.authorization(id, null,
                        bodies.body(body, SandboxCardResource.AuthorizationSimulation.class))
                .map(answer -> "customers/" + customerId + "?notice="
                        + bodyOf(answer).path("status").asText("done").toLowerCase(java.util.Locale.ROOT)));
    }

    /** POST /compliance/reviews/{id}/approve or /reject {"reason"}. */
    @POST
    @Path("reviews/{id}/{decision: approve|reject}")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> decide(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                @PathParam("id") String id, @PathParam("decision") String decision,
                                @FormParam("reason") String reason, @FormParam("customerId") String customerId) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        if (reason != null && !reason.isBlank()) {
            body.put("reason", reason);
        }
        return act(session, form, Permission.COMPLIANCE_REVIEW, () ->
                ("approve".equals(decision) ? reviews.approve(id, decision(body)) : reviews.reject(id, decision(body)))
                        .map(done -> "customers/" + customerId + "?notice=" + decision + "d"));
    }

    /** POST /webhooks/deliveries/{id}/replay. */
    @POST
    @Path("webhooks/{id}/replay")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> replay(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                @PathParam("id") String id) {
        return act(session, form, Permission.MANAGE, () -> deliveries.replay(id).map(replayed -> "webhooks/" + id + "?notice=replayed"));
    }

    /** POST /sandbox/clock/advance {"seconds"}. */
    @POST
    @Path("clock/advance")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> advanceClock(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                      @FormParam("seconds") String seconds) {
        ObjectNode body = JsonNodeFactory.instance.objectNode().set("seconds", number(seconds));
        return act(session, form, Permission.MANAGE, () -> sandbox.advanceClock(bodies.body(body, payments.sandbox.SandboxResource.ClockAdvanceRequest.class)).map(clock -> "?notice=advanced"));
    }

    private payments.common.JsonBody<payments.verification.ComplianceReviews.DecisionRequest> decision(ObjectNode body) {
        return bodies.body(body, payments.verification.ComplianceReviews.DecisionRequest.class);
    }

    // The frame every page and action goes through.

    private Uni<Caller> signedIn(String session) {
        return sessions.clientIdOf(session).map(tokens::sessionCaller).orElse(Uni.createFrom().nullItem())
                .invoke(caller -> {
                    if (caller != null) {
                        currentCaller.set(caller);
                        payments.common.logging.RequestLogContext.caller(caller.principalId());
                    }
                });
    }

    /** What an action's redirect may announce: fixed texts, so a link cannot put words on a console page. */
    private static final Map<String, String> NOTICES = Map.of(
            "created", "Customer created: its internal accounts open in a moment (reload to see them ACTIVE).",
            "funded", "Funded: the incoming payment is on the account's ledger.",
            "approved", "Approved: the customer's verification is decided.",
            "rejected", "Rejected: the customer's verification is decided.",
            "replayed", "Replayed: the new attempt is listed below.",
            "advanced", "The sandbox clock moved forward and the jobs that became due ran.",
            "authorized", "Card authorization approved (AUTHORIZED).",
            "declined", "Card authorization declined (DECLINED): the card transaction says why.");

    private Uni<Response> page(String session, Permission needed, String template, Function<Caller, Uni<Map<String, Object>>> model) {
        return page(session, needed, template, null, model);
    }

    private Uni<Response> page(String session, Permission needed, String template, String notice,
                               Function<Caller, Uni<Map<String, Object>>> model) {
        return signedIn(session).flatMap(caller -> {
            if (caller == null) {
                return Uni.createFrom().item(redirect("login"));
            }
            if (!caller.has(needed)) {
                return refused(caller, session, needed);
            }
            return Uni.createFrom().deferred(() -> model.apply(caller))
                    .flatMap(data -> {
                        Map<String, Object> framed = framed(data, caller, session);
                        if (notice != null && NOTICES.containsKey(notice)) {
                            framed.put("notice", NOTICES.get(notice));
                        }
                        return render(200, template, framed);
                    })
                    .onFailure(ApiException.class).recoverWithUni(failure -> failed((ApiException) failure, caller, session));
        });
    }

    private Uni<Response> act(String session, String form, Permission needed, Supplier<Uni<String>> action) {
        return signedIn(session).flatMap(caller -> {
            if (caller == null) {
                return Uni.createFrom().item(redirect("login"));
            }
            if (!sessions.formTokenValid(session, form)) {
                return foreignForm(caller, session);
            }
            if (!caller.has(needed)) {
                return refused(caller, session, needed);
            }
            return Uni.createFrom().deferred(action::get)
                    .map(location -> redirect(location))
                    .onFailure(ApiException.class).recoverWithUni(failure -> failed((ApiException) failure, caller, session));
        });
    }

    private Uni<Response> foreignForm(Caller caller, String session) {
        return failed(new ApiException(ErrorCode.FORBIDDEN, "This form did not come from this console session: reload the page and try again"),
                caller, session);
    }

    private Uni<Response> refused(Caller caller, String session, Permission needed) {
        return failed(new ApiException(ErrorCode.FORBIDDEN, "This API token lacks the " + needed + " permission this needs"), caller, session);
    }

    private Uni<Response> failed(ApiException failure, Caller caller, String session) {
        Map<String, Object> data = new HashMap<>();
        data.put("status", failure.status());
        // People read the kind of thing not found; API clients get the reference's code (ErrorCode.wire).
        data.put("code", failure.errorCode().name());
        data.put("reason", failure.reason());
        Object errors = failure.details() == null ? null : failure.details().get("errors");
        data.put("errors", errors == null ? java.util.List.of() : mapper.convertValue(errors, java.util.List.class));
        return render(failure.status(), "error", framed(data, caller, session));
    }

    private Map<String, Object> framed(Map<String, Object> data, Caller caller, String session) {
        Map<String, Object> framed = new HashMap<>(data);
        framed.put("caller", caller.principalId());
        framed.put("form", sessions.formToken(session));
        framed.put("base", base);
        return framed;
    }

    private Uni<Response> render(int status, String template, Map<String, Object> data, NewCookie... cookies) {
        return templates.getTemplate("console/" + template).data(data).createUni()
                .map(html -> Response.status(status).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8")).entity(html)
                        .header("Cache-Control", "no-store").header("X-Frame-Options", "DENY")
                        .header("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self'; frame-ancestors 'none'")
                        .cookie(cookies).build());
    }

    /**
     * A 303 to a console page ("" the home page, "customers/..." or "?notice=..."): relative to the
     * API's base URI, which JAX-RS resolves it against.
     */
    private static Response redirect(String location, NewCookie... cookies) {
        String path = "console" + (location.isEmpty() || location.startsWith("?") ? "" : "/") + location;
        return Response.seeOther(URI.create(path)).cookie(cookies).build();
    }

    private NewCookie sessionCookie(String value, long maxAgeSeconds) {
        return cookie(ConsoleSessions.COOKIE, value, "console", maxAgeSeconds);
    }

    /** Sent only to the sign-in form's own path. */
    private NewCookie loginCookie(String value, long maxAgeSeconds) {
        return cookie(ConsoleSessions.LOGIN_COOKIE, value, "console/login", maxAgeSeconds);
    }

    private NewCookie cookie(String name, String value, String path, long maxAgeSeconds) {
        return new NewCookie.Builder(name).value(value).path(base + path)
                .maxAge((int) maxAgeSeconds).httpOnly(true).sameSite(NewCookie.SameSite.STRICT).build();
    }

    /** A form's number as a JSON number when it is one, else as the text typed: the operation's own check then names it. */
    private static JsonNode number(String text) {
        String value = text == null ? "" : text.strip();
        if (value.matches("-?\\d{1,18}")) {
            return JsonNodeFactory.instance.numberNode(Long.parseLong(value));
        }
        return value.isEmpty() ? JsonNodeFactory.instance.nullNode() : JsonNodeFactory.instance.textNode(value);
    }

    /** The JSON an operation answered: operations run under an Idempotency-Key answer the exact bytes they store. */
    private JsonNode bodyOf(Response answer) {
        Object entity = answer.getEntity();
        try {
            return entity instanceof byte[] bytes ? mapper.readTree(bytes) : mapper.valueToTree(entity);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("An operation's answer is not JSON", e);
        }
    }
}
