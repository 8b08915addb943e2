package payments.console;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import payments.common.JsonBodies;
import payments.common.security.Permission;
import payments.common.security.PublicEndpoint;
import payments.quote.QuoteCreateRequest;
import payments.quote.QuoteExecution;
import payments.quote.QuoteResource;

/**
 * Paying from the console, in both modes: a quote from an internal account (the amount typed in
 * its currency's major units), the quote with its rate and fees, and its execution; each form the
 * API operation named beside it, with its body.
 */
@Path("/console")
@PublicEndpoint
@Produces(MediaType.TEXT_HTML)
public class ConsoleQuotes {

    private final ConsoleFrame frame;
    private final ConsolePages pages;
    private final QuoteResource quotes;
    private final JsonBodies bodies;

    public ConsoleQuotes(ConsoleFrame frame, ConsolePages pages, QuoteResource quotes, JsonBodies bodies) {
        this.frame = frame;
        this.pages = pages;
        this.quotes = quotes;
        this.bodies = bodies;
    }

    @GET
    @Path("quotes")
    public Uni<Response> list(@CookieParam(ConsoleSessions.COOKIE) String session, @QueryParam("cursor") String cursor) {
        return frame.page(session, Permission.VIEW, "quotes", null, caller -> pages.quotes(cursor));
    }

    @GET
    @Path("quotes/{id}")
    public Uni<Response> quote(@CookieParam(ConsoleSessions.COOKIE) String session, @PathParam("id") String id,
                               @QueryParam("notice") String notice) {
        return frame.page(session, Permission.VIEW, "quote", notice, caller -> pages.quote(id));
    }

    /**
     * POST /quotes {"source": {"sourceType": "ACCOUNT", "accountId"}, "destination": {"destinationType":
     * "ACCOUNT", "accountId"}, "lockedCurrencySide": "SENDING", "lockedCurrencyAmount", "description"}.
     */
    @POST
    @Path("accounts/{id}/quotes")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> create(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                @PathParam("id") String id, @FormParam("destinationAccountId") String destination,
                                @FormParam("amount") String amount, @FormParam("description") String description) {
        FormPage back = FormPage.of("pay", "account", caller -> pages.account(id)).typed("destinationAccountId", destination)
                .typed("amount", amount).typed("description", description)
                .field("lockedCurrencyAmount", "amount").field("destination.accountId", "destinationAccountId");
        return frame.act(session, form, Permission.TRANSACT, back, () -> pages.minorUnits(id, amount, "amount").flatMap(minor -> {
            ObjectNode body = JsonNodeFactory.instance.objectNode().put("lockedCurrencySide", "SENDING").put("lockedCurrencyAmount", minor);
            body.putObject("source").put("sourceType", "ACCOUNT").put("accountId", id);
            body.putObject("destination").put("destinationType", "ACCOUNT").put("accountId", destination == null ? "" : destination.strip());
            if (description != null && !description.isBlank()) {
                body.put("description", description.strip());
            }
            return quotes.create(null, bodies.body(body, QuoteCreateRequest.class));
        }).map(created -> "quotes/" + frame.bodyOf(created).path("id").asText() + "?notice=quoted"));
    }

    /** POST /quotes/{quoteId}/execute. */
    @POST
    @Path("quotes/{id}/execute")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> execute(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                 @PathParam("id") String id) {
        return frame.act(session, form, Permission.TRANSACT, FormPage.of("execute", "quote", caller -> pages.quote(id)), () -> quotes.execute(null, null, id,
                        bodies.body(JsonNodeFactory.instance.objectNode(), QuoteExecution.ExecuteRequest.class))
                .map(executed -> "transactions/" + frame.bodyOf(executed).path("transactionId").asText() + "?notice=executed"));
    }
}
