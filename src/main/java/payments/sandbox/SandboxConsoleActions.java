package payments.sandbox;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import payments.common.JsonBodies;
import payments.common.security.Permission;
import payments.common.security.PublicEndpoint;
import payments.common.security.SandboxOnly;
import payments.console.ConsoleFormat;
import payments.console.ConsoleFrame;
import payments.console.ConsolePages;
import payments.console.FormPage;
import payments.console.ConsoleSessions;

/**
 * The console's sandbox forms (funding an account, a card authorization, the clock), each the
 * sandbox operation named beside it with the same body, through the console's frame (session,
 * form token, permission). Served in the sandbox only: production answers 404.
 */
@Path("/console")
@PublicEndpoint
@SandboxOnly
@Produces(MediaType.TEXT_HTML)
public class SandboxConsoleActions {

    private final ConsoleFrame frame;
    private final SandboxMoneyResource money;
    private final SandboxCardResource cards;
    private final SandboxResource sandbox;
    private final JsonBodies bodies;
    private final ConsolePages pages;

    public SandboxConsoleActions(ConsoleFrame frame, SandboxMoneyResource money, SandboxCardResource cards, SandboxResource sandbox,
                                 JsonBodies bodies, ConsolePages pages) {
        this.frame = frame;
        this.pages = pages;
        this.money = money;
        this.cards = cards;
        this.sandbox = sandbox;
        this.bodies = bodies;
    }

    /** POST /sandbox/internal-accounts/{id}/fund {"amount"}: typed in the account currency's major units. */
    @POST
    @Path("accounts/{id}/fund")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> fund(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                              @PathParam("id") String id, @FormParam("amount") String amount) {
        FormPage back = FormPage.of("fund", "account", caller -> pages.account(id)).typed("amount", amount);
        return frame.act(session, form, Permission.TRANSACT, back, () -> pages.minorUnits(id, amount, "amount")
                .flatMap(minor -> money.fund(id, bodies.body(JsonNodeFactory.instance.objectNode().put("amount", minor),
                        SandboxFunding.FundRequest.class)))
                .map(account -> "accounts/" + id + "?notice=funded"));
    }

    /** POST /sandbox/cards/{id}/simulate/authorization {"amount", "currency", "merchant"}: the amount typed in major units. */
    @POST
    @Path("cards/{id}/authorize")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> authorize(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                   @PathParam("id") String id, @FormParam("amount") String amount,
                                   @FormParam("currency") String currency, @FormParam("descriptor") String descriptor,
                                   @FormParam("customerId") String customerId) {
        FormPage back = pages.customerForm(id, customerId).typed("amount", amount)
                .typed("descriptor", descriptor).field("merchant.descriptor", "descriptor");
        return frame.act(session, form, Permission.TRANSACT, back, () -> Uni.createFrom().deferred(() -> {
                    ObjectNode body = JsonNodeFactory.instance.objectNode().put("amount", ConsoleFormat.minorUnits(amount, currency, "amount"));
                    body.putObject("currency").put("code", currency);
                    body.putObject("merchant").put("descriptor", descriptor).put("mcc", "5814").put("country", "US");
                    return cards.authorization(id, null, bodies.body(body, SandboxCardResource.AuthorizationSimulation.class));
                })
                .map(answer -> (payments.common.Ids.isValid(payments.common.IdType.CUSTOMER, customerId) ? "customers/" + customerId : "customers")
                        + "?notice="
                        + frame.bodyOf(answer).path("status").asText("done").toLowerCase(java.util.Locale.ROOT)));
    }

    /** POST /sandbox/clock/advance {"seconds"}. */
    @POST
    @Path("clock/advance")
    @jakarta.ws.rs.Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> advanceClock(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                      @FormParam("seconds") String seconds) {
        ObjectNode body = JsonNodeFactory.instance.objectNode().set("seconds", ConsoleFrame.number(seconds));
        return frame.act(session, form, Permission.MANAGE, FormPage.of("clock", "home", null, pages::home).typed("seconds", seconds), () -> sandbox.advanceClock(bodies.body(body, SandboxResource.ClockAdvanceRequest.class)).map(clock -> "?notice=advanced"));
    }
}
