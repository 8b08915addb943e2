package payments.card;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import payments.common.security.PublicEndpoint;
import payments.common.security.SandboxOnly;
import payments.common.web.HostedPages;
import payments.common.web.RunsToCompletion;

import static payments.common.web.HostedPages.escape;

/**
 * The sandbox stand-in for the issuer's reveal iframe: the link's secret is the key, and it opens
 * once, beside the other hosted pages.
 */
@RunsToCompletion
@Path("/" + CardReveals.PAGE_PATH)
@org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements
@PublicEndpoint
@SandboxOnly
@org.eclipse.microprofile.openapi.annotations.tags.Tag(name = "Hosted pages")
public class CardRevealPage {

    private final CardReveals reveals;

    public CardRevealPage(CardReveals reveals) {
        this.reveals = reveals;
    }

    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Card details page",
            description = "The page a reveal link opens: the card's number, expiry and security code, once.")
    @GET
    @Path("{secret}")
    @Produces(MediaType.TEXT_HTML)
    public Uni<Response> page(@PathParam("secret") String secret) {
        return HostedPages.html(reveals.open(secret).map(CardRevealPage::render),
                        error -> HostedPages.page("Card details", "<p>" + escape(error.reason()) + "</p>"))
                .map(response -> Response.fromResponse(response).header("Cache-Control", "no-store")
                        .header("Referrer-Policy", "no-referrer").build());
    }

    private static String render(CardReveals.Details details) {
        String pan = details.pan().replaceAll("(.{4})(?!$)", "$1 ");
        return HostedPages.page("Card details", "<dl><dt>Card number</dt><dd id=\"pan\">" + escape(pan) + "</dd>"
                + "<dt>Expires</dt><dd id=\"expiry\">" + String.format("%02d/%d", details.expMonth(), details.expYear()) + "</dd>"
                + "<dt>CVV</dt><dd id=\"cvv\">" + escape(details.cvv()) + "</dd></dl>");
    }
}
