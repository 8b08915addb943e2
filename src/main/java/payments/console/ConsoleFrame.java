package payments.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.quarkus.qute.Engine;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.ServerConfig;
import payments.common.security.Caller;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.web.ApiPath;
import payments.platform.ApiTokenService;

import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What every console page and form goes through, whichever resource serves it: the session's
 * caller, the permission the page's API operation needs, the form token that proves a post came
 * from this session's own page, the rendering with the console's headers (no caching, no framing,
 * scripts and styles from the server only), and the 303 after an action.
 */
@ApplicationScoped
public class ConsoleFrame {

    /** What an action's redirect may announce: fixed texts, so a link cannot put words on a console page. */
    private static final Map<String, String> NOTICES = Map.ofEntries(
            Map.entry("created", "Customer created: its internal accounts open in a moment (reload to see them ACTIVE)."),
            Map.entry("funded", "Funded: the incoming payment is on the account's ledger."),
            Map.entry("approved", "Approved: the customer's verification is decided."),
            Map.entry("rejected", "Rejected: the customer's verification is decided."),
            Map.entry("replayed", "Replayed: the new attempt is listed below."),
            Map.entry("advanced", "The sandbox clock moved forward and the jobs that became due ran."),
            Map.entry("authorized", "Card authorization approved (AUTHORIZED)."),
            Map.entry("declined", "Card authorization declined (DECLINED): the card transaction says why."),
            Map.entry("resolved", "Decided: the entry's money moved as the decision says, and the decision is kept with your reason."),
            Map.entry("requeued", "Put back in the inbox: it is read at the next poll."),
            Map.entry("delivered", "Built files delivered to the bank's outbox."),
            Map.entry("explained", "Explained: the line is closed with your reason."),
            Map.entry("retried", "The job runs again now; its step applies once."),
            Map.entry("quoted", "Quote created: its rate and fees hold until it expires; execute it to pay."),
            Map.entry("executed", "Executed: the payment is on its way (its status below)."),
            Map.entry("saved", "Saved."),
            Map.entry("registered", "Bank account registered: its holder-name check and status are in the list below."),
            Map.entry("deleted", "Bank account deleted: it can no longer be paid or pulled from."),
            Map.entry("revoked", "Revoked: the token no longer signs in or calls the API."));

    private final ConsoleSessions sessions;
    private final ApiTokenService tokens;
    private final CurrentCaller currentCaller;
    private final Engine templates;
    private final ObjectMapper mapper;
    private final boolean sandbox;
    /** The names of the tokens signed in here, by their id, for the header (token names do not change). */
    private final Map<String, String> names = new java.util.concurrent.ConcurrentHashMap<>();
    /** The API's base path with its closing slash ("/2025-10-13/"): where the console's links start. */
    private final String base = ApiPath.BASE_WITH_SLASH;

    public ConsoleFrame(ConsoleSessions sessions, ApiTokenService tokens, CurrentCaller currentCaller, Engine templates, ObjectMapper mapper,
                        ServerConfig config) {
        this.sessions = sessions;
        this.tokens = tokens;
        this.currentCaller = currentCaller;
        this.templates = templates;
        this.mapper = mapper;
        this.sandbox = config.sandbox();
    }

    /** Whether the sandbox's own pages and forms are served. */
    boolean sandbox() {
        return sandbox;
    }

    Uni<Caller> signedIn(String session) {
        return sessions.clientIdOf(session).map(tokens::sessionToken).orElse(Uni.createFrom().nullItem())
                .map(token -> {
                    if (token == null) {
                        return null;
                    }
                    names.put(token.caller().principalId(), token.name());
                    return token.caller();
                })
                .invoke(caller -> {
                    if (caller != null) {
                        currentCaller.set(caller);
                        payments.common.logging.RequestLogContext.caller(caller.principalId());
                    }
                });
    }

    /** A page for a caller with {@code needed} (null: any signed-in caller), its notice shown when it is one of ours. */
    public Uni<Response> page(String session, Permission needed, String template, String notice,
                              Function<Caller, Uni<Map<String, Object>>> model) {
        return signedIn(session).flatMap(caller -> {
            if (caller == null) {
                return Uni.createFrom().item(redirect("login"));
            }
            if (needed != null && !caller.has(needed)) {
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

    /**
     * A form's action: only this session's own form, for a caller with {@code needed}; answers a 303
     * to the page it names, or, when the operation refuses it, the form's own page again with the
     * errors on the form ({@code back}).
     */
    public Uni<Response> act(String session, String form, Permission needed, FormPage back, Supplier<Uni<String>> action) {
        return checked(session, form, needed, back, caller -> Uni.createFrom().deferred(action::get).map(location -> redirect(location)));
    }

    /** A link that leads to another page (a search naming an id), for a caller with {@code needed}. */
    public Uni<Response> go(String session, Permission needed, String location) {
        return signedIn(session).flatMap(caller -> caller == null ? Uni.createFrom().item(redirect("login"))
                : !caller.has(needed) ? refused(caller, session, needed) : Uni.createFrom().item(redirect(location)));
    }

    /**
     * A form's action whose answer is shown once rather than redirected to (a new token's secret):
     * rendered with {@code template} from what the action answers.
     */
    public Uni<Response> show(String session, String form, Permission needed, FormPage back, String template,
                              Supplier<Uni<Map<String, Object>>> action) {
        return checked(session, form, needed, back, caller -> Uni.createFrom().deferred(action::get)
                .flatMap(data -> render(200, template, framed(mapper.convertValue(data, Map.class), caller, session))));
    }

    private Uni<Response> checked(String session, String form, Permission needed, FormPage back, Function<Caller, Uni<Response>> action) {
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
            return action.apply(caller)
                    .onFailure(ApiException.class).recoverWithUni(failure -> onForm(back, (ApiException) failure, caller, session));
        });
    }

    /**
     * The form's page again with the operation's errors on it; the error page instead when the caller
     * may not see that page, when the page cannot be shown (its subject gone), or when the form is no
     * longer on it (its row decided or deleted meanwhile, a card closed).
     */
    private Uni<Response> onForm(FormPage back, ApiException failure, Caller caller, String session) {
        if (back.view() != null && !caller.has(back.view())) {
            return failed(failure, caller, session);
        }
        FormFailure onPage = FormFailure.of(back, failure.errorCode().name(), failure.reason(), fieldErrors(failure));
        return Uni.createFrom().deferred(() -> back.model().apply(caller))
                .flatMap(data -> {
                    Map<String, Object> framed = framed(data, caller, session);
                    framed.put("failure", onPage);
                    return html(back.template(), framed);
                })
                .flatMap(html -> html.contains(FormFailure.SHOWN) ? Uni.createFrom().item(respond(failure.status(), html))
                        : failed(failure, caller, session))
                .onFailure(ApiException.class).recoverWithUni(pageGone -> failed(failure, caller, session));
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> fieldErrors(ApiException failure) {
        Object errors = failure.details() == null ? null : failure.details().get("errors");
        return errors == null ? List.of() : mapper.convertValue(errors, List.class);
    }

    Uni<Response> foreignForm(Caller caller, String session) {
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
        data.put("errors", fieldErrors(failure));
        return render(failure.status(), "error", framed(data, caller, session));
    }

    /**
     * What the layout needs besides the page's own data: who is signed in, the session's form
     * token, the base path, whether the sandbox's pages and forms are served, and which sections
     * the caller's permissions open.
     */
    private Map<String, Object> framed(Map<String, Object> data, Caller caller, String session) {
        Map<String, Object> framed = new HashMap<>(data);
        framed.put("caller", names.getOrDefault(caller.principalId(), caller.principalId()));
        framed.put("callerId", caller.principalId());
        framed.put("form", sessions.formToken(session));
        framed.put("base", base);
        framed.put("sandbox", sandbox);
        framed.put("canView", caller.has(Permission.VIEW));
        framed.put("canReview", caller.has(Permission.COMPLIANCE_REVIEW));
        framed.put("canOperate", caller.has(Permission.BANK_OPERATIONS));
        framed.put("canTransact", caller.has(Permission.TRANSACT));
        framed.put("canManage", caller.has(Permission.MANAGE));
        framed.put("failure", FormFailure.NONE);
        return framed;
    }

    Uni<Response> render(int status, String template, Map<String, Object> data, NewCookie... cookies) {
        return html(template, data).map(html -> respond(status, html, cookies));
    }

    private Uni<String> html(String template, Map<String, Object> data) {
        return templates.getTemplate("console/" + template).data(data).createUni();
    }

    private static Response respond(int status, String html, NewCookie... cookies) {
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE.withCharset("UTF-8")).entity(html)
                .header("Cache-Control", "no-store").header("X-Frame-Options", "DENY")
                .header("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self'; frame-ancestors 'none'")
                .cookie(cookies).build();
    }

    /**
     * A 303 to a console page ("" the home page, "customers/..." or "?notice=..."): relative to the
     * API's base URI, which JAX-RS resolves it against.
     */
    static Response redirect(String location, NewCookie... cookies) {
        String path = "console" + (location.isEmpty() || location.startsWith("?") ? "" : "/") + location;
        return Response.seeOther(URI.create(path)).cookie(cookies).build();
    }

    NewCookie sessionCookie(String value, long maxAgeSeconds) {
        return cookie(ConsoleSessions.COOKIE, value, "console", maxAgeSeconds);
    }

    /** Sent only to the sign-in form's own path. */
    NewCookie loginCookie(String value, long maxAgeSeconds) {
        return cookie(ConsoleSessions.LOGIN_COOKIE, value, "console/login", maxAgeSeconds);
    }

    private NewCookie cookie(String name, String value, String path, long maxAgeSeconds) {
        // Production is served over HTTPS (behind its proxy): its cookies never travel over plain HTTP.
        return new NewCookie.Builder(name).value(value).path(base + path).secure(!sandbox)
                .maxAge((int) maxAgeSeconds).httpOnly(true).sameSite(NewCookie.SameSite.STRICT).build();
    }

    /** A form's number as a JSON number when it is one, else as the text typed: the operation's own check then names it. */
    public static JsonNode number(String text) {
        String value = text == null ? "" : text.strip();
        if (value.matches("-?\\d{1,18}")) {
            return JsonNodeFactory.instance.numberNode(Long.parseLong(value));
        }
        return value.isEmpty() ? JsonNodeFactory.instance.nullNode() : JsonNodeFactory.instance.textNode(value);
    }

    /** The JSON an operation answered: operations run under an Idempotency-Key answer the exact bytes they store. */
    public JsonNode bodyOf(Response answer) {
        Object entity = answer.getEntity();
        try {
            return entity instanceof byte[] bytes ? mapper.readTree(bytes) : mapper.valueToTree(entity);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("An operation's answer is not JSON", e);
        }
    }
}
