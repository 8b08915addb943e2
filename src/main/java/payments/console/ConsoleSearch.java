package payments.console;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.security.Permission;
import payments.common.security.PublicEndpoint;
import java.util.Map;

/**
 * The console's search box: an id opens its page (a customer, account, payment, card transaction,
 * quote, webhook event); anything else finds the customers whose name, email, platform id or UMA
 * address contains it.
 */
@Path("/console")
@PublicEndpoint
@Produces(MediaType.TEXT_HTML)
public class ConsoleSearch {

    /** The pages an id of each kind opens. */
    private static final Map<IdType, String> PAGES = Map.of(IdType.CUSTOMER, "customers/", IdType.INTERNAL_ACCOUNT, "accounts/",
            IdType.TRANSACTION, "transactions/", IdType.CARD_TRANSACTION, "transactions/", IdType.QUOTE, "quotes/",
            IdType.WEBHOOK, "webhooks/");
    private static final int RESULTS = 25;

    private final ConsoleFrame frame;
    private final ConsolePages pages;

    public ConsoleSearch(ConsoleFrame frame, ConsolePages pages) {
        this.frame = frame;
        this.pages = pages;
    }

    @GET
    @Path("search")
    public Uni<Response> search(@CookieParam(ConsoleSessions.COOKIE) String session, @QueryParam("q") String q) {
        String text = q == null ? "" : q.strip();
        for (Map.Entry<IdType, String> kind : PAGES.entrySet()) {
            if (Ids.isValid(kind.getKey(), text)) {
                // Only a well-formed id of a kind with a page: the redirect cannot be steered elsewhere.
                return frame.go(session, Permission.VIEW, kind.getValue() + text);
            }
        }
        return frame.page(session, Permission.VIEW, "search", null, caller -> pages.search(text, RESULTS));
    }
}
