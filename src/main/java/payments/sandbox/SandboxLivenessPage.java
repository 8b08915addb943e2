package payments.sandbox;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.RestForm;
import payments.account.OwnershipVerification;
import payments.common.ApiException;
import payments.common.security.PublicEndpoint;
import payments.common.security.SandboxOnly;
import payments.common.web.HostedPages;

import static payments.common.web.HostedPages.escape;
import static payments.common.web.HostedPages.page;
import payments.common.web.RunsToCompletion;

/** The sandbox's stand-in for a hosted liveness check: the user chooses the outcome. */
@RunsToCompletion
@Path("/")
@org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements
@PublicEndpoint
@SandboxOnly
@org.eclipse.microprofile.openapi.annotations.tags.Tag(name = "Hosted pages")
public class SandboxLivenessPage {

    private final OwnershipVerification ownership;

    public SandboxLivenessPage(OwnershipVerification ownership) {
        this.ownership = ownership;
    }

    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Liveness check page (sandbox)",
            description = "The sandbox's stand-in for a provider's liveness check: the user chooses the outcome.")
    @GET
    @Path(OwnershipVerification.LIVENESS_PATH + "{token}")
    @Produces(MediaType.TEXT_HTML)
    public Uni<Response> show(@PathParam("token") String token) {
        return html(ownership.livenessChallenge(token).map(challenge -> page("Wallet ownership check", """
                <p>A real provider would run a biometric check here. Choose the outcome:</p>
                <form method="post"><button name="outcome" value="pass">Pass</button>
                <button name="outcome" value="fail">Fail</button></form>""")));
    }

    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Complete a liveness check (sandbox)",
            description = "The liveness page's form: outcome pass or fail.")
    @POST
    @Path(OwnershipVerification.LIVENESS_PATH + "{token}")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public Uni<Response> complete(@PathParam("token") String token, @RestForm String outcome) {
        if (!"pass".equals(outcome) && !"fail".equals(outcome)) {
            return html(Uni.createFrom().failure(ApiException.invalidField("outcome", null, "Must be pass or fail")));
        }
        return html(ownership.completeLiveness(token, "pass".equals(outcome)).map(account ->
                page("Wallet ownership check", "<p>The account is now <strong>" + escape(account.status())
                        + "</strong>. You can close this page.</p>")));
    }

    private static Uni<Response> html(Uni<String> page) {
        return HostedPages.html(page, error -> page("Wallet ownership check", "<p>" + escape(error.reason()) + "</p>"));
    }
}
