package payments.console;

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
import payments.bankfile.BankFileDeskResource;
import payments.bankfile.ParkedEntryResource;
import payments.bankfile.StatementResource;
import payments.common.jobs.DeadJobResource;
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
 * The console, in both modes: server-rendered pages over the same operations the API serves (the
 * sandbox's own pages and forms are {@code sandbox.SandboxConsoleActions}'s, served in the sandbox only). Pages read
 * through {@link ConsolePages}; every form posts to an action here that builds the JSON body of the
 * API operation it stands for and calls that operation's resource method, so a form is checked,
 * permitted and recorded exactly as the API call would be. Signed in with an API token's client id
 * and secret ({@link ConsoleSessions}); each page needs the permission its API operation needs.
 */
@Path("/console")
@PublicEndpoint
@Produces(MediaType.TEXT_HTML)
public class ConsoleResource {

    private final ConsoleSessions sessions;
    private final ConsoleFrame frame;
    private final ConsolePages pages;
    private final ApiTokenService tokens;
    private final WebhookDeliveryResource deliveries;
    private final ComplianceReviewResource reviews;
    private final CustomerResource customers;
    private final ParkedEntryResource parked;
    private final BankFileDeskResource files;
    private final StatementResource statements;
    private final DeadJobResource jobs;
    private final payments.common.JsonBodies bodies;

    public ConsoleResource(ConsoleSessions sessions, ConsoleFrame frame, ConsolePages pages, ApiTokenService tokens,
                           WebhookDeliveryResource deliveries, ComplianceReviewResource reviews, CustomerResource customers,
                           ParkedEntryResource parked, BankFileDeskResource files, StatementResource statements,
                           DeadJobResource jobs, payments.common.JsonBodies bodies) {
        this.jobs = jobs;
        this.sessions = sessions;
        this.frame = frame;
        this.pages = pages;
        this.tokens = tokens;
        this.deliveries = deliveries;
        this.reviews = reviews;
        this.customers = customers;
        this.parked = parked;
        this.files = files;
        this.statements = statements;
        this.bodies = bodies;
    }

    // Signing in and out.

    /** The sign-in page: a fresh nonce in its cookie, the form token made from it in its form. */
    @GET
    @Path("login")
    public Uni<Response> loginPage(@QueryParam("failed") String failed, @QueryParam("expired") String expired) {
        String nonce = sessions.newLoginNonce();
        return frame.render(200, "login", Map.of("failed", failed != null, "expired", expired != null, "form", sessions.loginFormToken(nonce),
                        "sandbox", frame.sandbox()),
                frame.loginCookie(nonce, ConsoleSessions.LOGIN_LIFETIME.toSeconds()));
    }

    /** Signs in only a form posted from the sign-in page (its cookie and its token), then retires that page's nonce. */
    @POST
    @Path("login")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> login(@CookieParam(ConsoleSessions.LOGIN_COOKIE) String nonce, @FormParam("form") String form,
                               @FormParam("clientId") String clientId, @FormParam("clientSecret") String clientSecret) {
        if (!sessions.loginFormTokenValid(nonce, form)) {
            return Uni.createFrom().item(ConsoleFrame.redirect("login?expired=1"));
        }
        if (clientId == null || clientSecret == null || clientId.isBlank()) {
            return Uni.createFrom().item(ConsoleFrame.redirect("login?failed=1"));
        }
        String basic = Base64.getEncoder().encodeToString((clientId.strip() + ":" + clientSecret.strip()).getBytes(StandardCharsets.UTF_8));
        return tokens.authenticate(basic).map(caller -> caller == null || !mayUseConsole(caller)
                ? ConsoleFrame.redirect("login?failed=1")
                : ConsoleFrame.redirect("", frame.sessionCookie(sessions.open(clientId.strip()), ConsoleSessions.LIFETIME.toSeconds()), frame.loginCookie("", 0)));
    }

    /**
     * Ends the session only for the session's own form: a post without the session cookie touches
     * no cookie (another site's form could otherwise sign a browser out), one without its form token is refused.
     */
    @POST
    @Path("logout")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> logout(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form) {
        return frame.signedIn(session).flatMap(caller -> {
            if (caller == null) {
                return Uni.createFrom().item(ConsoleFrame.redirect("login"));
            }
            if (!sessions.formTokenValid(session, form)) {
                return frame.foreignForm(caller, session);
            }
            return Uni.createFrom().item(ConsoleFrame.redirect("login", frame.sessionCookie("", 0)));
        });
    }

    /** Who may sign in: a token that reads the platform's data (VIEW), or the compliance or bank operations staff's. */
    private static boolean mayUseConsole(Caller caller) {
        return caller.has(Permission.VIEW) || caller.has(Permission.COMPLIANCE_REVIEW) || caller.has(Permission.BANK_OPERATIONS);
    }

    // Pages.

    @GET
    public Uni<Response> home(@CookieParam(ConsoleSessions.COOKIE) String session, @QueryParam("notice") String notice) {
        return frame.page(session, null, "home", notice, pages::home);
    }

    @GET
    @Path("customers")
    public Uni<Response> customers(@CookieParam(ConsoleSessions.COOKIE) String session, @QueryParam("cursor") String cursor) {
        return frame.page(session, Permission.VIEW, "customers", null, caller -> pages.customers(cursor));
    }

    @GET
    @Path("customers/{id}")
    public Uni<Response> customer(@CookieParam(ConsoleSessions.COOKIE) String session, @PathParam("id") String id,
                                  @QueryParam("notice") String notice) {
        return frame.page(session, Permission.VIEW, "customer", notice, caller -> pages.customer(id, caller));
    }

    @GET
    @Path("accounts/{id}")
    public Uni<Response> account(@CookieParam(ConsoleSessions.COOKIE) String session, @PathParam("id") String id,
                                 @QueryParam("notice") String notice) {
        return frame.page(session, Permission.VIEW, "account", notice, caller -> pages.account(id));
    }

    @GET
    @Path("transactions")
    public Uni<Response> transactions(@CookieParam(ConsoleSessions.COOKIE) String session, @QueryParam("status") String status,
                                      @QueryParam("customerId") String customerId, @QueryParam("cursor") String cursor) {
        return frame.page(session, Permission.VIEW, "transactions", null, caller -> pages.transactions(status, customerId, cursor));
    }

    @GET
    @Path("transactions/{id}")
    public Uni<Response> transaction(@CookieParam(ConsoleSessions.COOKIE) String session, @PathParam("id") String id,
                                     @QueryParam("notice") String notice) {
        return frame.page(session, Permission.VIEW, "transaction", notice, caller -> pages.transaction(id));
    }

    @GET
    @Path("webhooks")
    public Uni<Response> webhooks(@CookieParam(ConsoleSessions.COOKIE) String session, @QueryParam("eventType") String eventType,
                                  @QueryParam("status") String status, @QueryParam("cursor") String cursor) {
        return frame.page(session, Permission.VIEW, "webhooks", null, caller -> pages.webhooks(eventType, status, cursor));
    }

    @GET
    @Path("webhooks/{id}")
    public Uni<Response> webhook(@CookieParam(ConsoleSessions.COOKIE) String session, @PathParam("id") String id,
                                 @QueryParam("notice") String notice) {
        return frame.page(session, Permission.VIEW, "webhook", notice, caller -> pages.webhook(id));
    }

    @GET
    @Path("reviews")
    public Uni<Response> reviewQueue(@CookieParam(ConsoleSessions.COOKIE) String session, @QueryParam("notice") String notice) {
        return frame.page(session, Permission.COMPLIANCE_REVIEW, "reviews", notice, caller -> pages.reviews());
    }

    @GET
    @Path("bank")
    public Uni<Response> bank(@CookieParam(ConsoleSessions.COOKIE) String session, @QueryParam("notice") String notice) {
        return frame.page(session, Permission.BANK_OPERATIONS, "bank", notice, caller -> pages.bank());
    }

    @GET
    @Path("bank/statements/{id}")
    public Uni<Response> statement(@CookieParam(ConsoleSessions.COOKIE) String session, @PathParam("id") String id,
                                   @QueryParam("notice") String notice) {
        return frame.page(session, Permission.BANK_OPERATIONS, "statement", notice, caller -> pages.statement(id));
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
        FormPage back = FormPage.of("customer", "customers", caller -> pages.customers(null)).typed("fullName", fullName)
                .typed("platformCustomerId", platformCustomerId).typed("region", region).typed("currency", currency).field("currencies", "currency");
        return frame.act(session, form, Permission.MANAGE, back, () -> customers.create(null, bodies.body(body, payments.customer.CustomerRequest.class))
                .map(created -> "customers/" + frame.bodyOf(created).path("id").asText() + "?notice=created"));
    }

    /** POST /compliance/reviews/{id}/approve or /reject {"reason"}. */
    @POST
    @Path("reviews/{id}/{decision: approve|reject}")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> decide(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                @PathParam("id") String id, @PathParam("decision") String decision,
                                @FormParam("reason") String reason, @FormParam("customerId") String customerId,
                                @FormParam("from") String from) {
        ObjectNode body = withReason(reason);
        boolean fromCustomer = "customer".equals(from) && payments.common.Ids.isValid(payments.common.IdType.CUSTOMER, customerId);
        FormPage back = (fromCustomer ? pages.customerForm(id, customerId)
                : FormPage.of(id, "reviews", Permission.COMPLIANCE_REVIEW, caller -> pages.reviews())).typed(decision + "Reason", reason).field("reason", decision + "Reason");
        return frame.act(session, form, Permission.COMPLIANCE_REVIEW, back, () ->
                ("approve".equals(decision) ? reviews.approve(id, decision(body)) : reviews.reject(id, decision(body)))
                        .map(done -> (fromCustomer ? "customers/" + customerId : "reviews") + "?notice=" + decision + "d"));
    }

    /** POST /webhooks/deliveries/{id}/replay. */
    @POST
    @Path("webhooks/{id}/replay")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> replay(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                @PathParam("id") String id) {
        return frame.act(session, form, Permission.MANAGE, FormPage.of("replay", "webhook", caller -> pages.webhook(id)), () -> deliveries.replay(id).map(replayed -> "webhooks/" + id + "?notice=replayed"));
    }

    /** POST /bank-entries/parked/{entryId}/resolve {"action", "accountId", "reason"}. */
    @POST
    @Path("bank/parked/{id}/resolve")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> resolveParked(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                       @PathParam("id") String id, @FormParam("action") String action,
                                       @FormParam("accountId") String accountId, @FormParam("reason") String reason) {
        ObjectNode body = withReason(reason).put("action", action);
        if (accountId != null && !accountId.isBlank()) {
            body.put("accountId", accountId.strip());
        }
        FormPage back = bankPage(id).typed("action", action).typed("accountId", accountId).typed("reason", reason);
        return frame.act(session, form, Permission.BANK_OPERATIONS, back, () -> parked.resolve(id,
                bodies.body(body, payments.bankfile.ParkedEntries.ParkedEntryResolveRequest.class)).map(done -> "bank?notice=resolved"));
    }

    /** POST /bank-files/received/{fileId}/requeue {"reason"}. */
    @POST
    @Path("bank/files/{id}/requeue")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> requeue(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                 @PathParam("id") String id, @FormParam("reason") String reason) {
        return frame.act(session, form, Permission.BANK_OPERATIONS, bankPage(id).typed("reason", reason), () -> files.requeue(id, fileAction(reason))
                .map(done -> "bank?notice=requeued"));
    }

    /** POST /bank-files/sent/deliver {"reason"}. */
    @POST
    @Path("bank/files/deliver")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> deliver(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                 @FormParam("reason") String reason) {
        return frame.act(session, form, Permission.BANK_OPERATIONS, bankPage("deliver").typed("reason", reason), () -> files.deliver(fileAction(reason)).map(done -> "bank?notice=delivered"));
    }

    /** POST /bank-statements/{statementId}/lines/{lineId}/resolve {"reason"}. */
    @POST
    @Path("bank/statements/{id}/lines/{lineId}/resolve")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> explain(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                 @PathParam("id") String id, @PathParam("lineId") String lineId, @FormParam("reason") String reason) {
        FormPage back = FormPage.of(lineId, "statement", Permission.BANK_OPERATIONS, caller -> pages.statement(id)).typed("reason", reason);
        return frame.act(session, form, Permission.BANK_OPERATIONS, back, () -> statements.resolve(id, lineId,
                        bodies.body(withReason(reason), payments.common.RequiredReason.class))
                .map(done -> "bank/statements/" + id + "?notice=explained"));
    }

    /** POST /jobs/dead/{jobId}/retry or /resolve {"reason"}. */
    @POST
    @Path("bank/jobs/{id}/{decision: retry|resolve}")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> deadJob(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                 @PathParam("id") String id, @PathParam("decision") String decision, @FormParam("reason") String reason) {
        FormPage back = bankPage(id).typed(decision + "Reason", reason).field("reason", decision + "Reason");
        return frame.act(session, form, Permission.BANK_OPERATIONS, back, () -> Uni.createFrom().deferred(() -> {
                    var body = bodies.body(withReason(reason), payments.common.RequiredReason.class);
                    return "retry".equals(decision) ? jobs.retry(id, body) : jobs.resolve(id, body);
                })
                .map(done -> "bank?notice=" + ("retry".equals(decision) ? "retried" : "resolved")));
    }

    /** The bank operations desk, where its forms are: {@code form} names the one posted (a row's id, or "deliver"). */
    private FormPage bankPage(String form) {
        return FormPage.of(form, "bank", Permission.BANK_OPERATIONS, caller -> pages.bank());
    }

    /** A body with the form's reason, left out when blank so the operation's own check names it. */
    private static ObjectNode withReason(String reason) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        if (reason != null && !reason.isBlank()) {
            body.put("reason", reason);
        }
        return body;
    }

    private payments.common.JsonBody<payments.common.RequiredReason> fileAction(String reason) {
        return bodies.body(withReason(reason), payments.common.RequiredReason.class);
    }

    private payments.common.JsonBody<payments.verification.ComplianceReviews.DecisionRequest> decision(ObjectNode body) {
        return bodies.body(body, payments.verification.ComplianceReviews.DecisionRequest.class);
    }
}
