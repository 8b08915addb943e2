package payments.verification;

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
import org.jboss.resteasy.reactive.multipart.FileUpload;
import payments.common.web.HostedPages;
import payments.common.security.PublicEndpoint;
import payments.common.security.SandboxOnly;
import payments.customer.CustomerView;
import payments.common.web.RunsToCompletion;

/**
 * The page a hosted verification link opens: no credentials, the link's token is the key. Links
 * exist only where the identity provider hosts verification pages; only the sandbox's does, so the
 * page is sandbox-only (production would otherwise read anonymous uploads only to answer 404).
 */
@RunsToCompletion
@Path("/")
@org.eclipse.microprofile.openapi.annotations.security.SecurityRequirements
@PublicEndpoint
@SandboxOnly
@org.eclipse.microprofile.openapi.annotations.tags.Tag(name = "Hosted pages", description = "This server's own extension: the pages a"
        + " platform sends its end users to (HTML forms, no credentials: the address itself is the secret, single use and short-lived).")
public class HostedKycResource {

    private final KycLinkService links;
    private final CustomerView customers;

    public HostedKycResource(KycLinkService links, CustomerView customers) {
        this.links = links;
        this.customers = customers;
    }

    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Identity verification page",
            description = "The page a KYC link opens: the customer uploads the documents asked for.")
    @GET
    @Path(KycLinkService.HOSTED_PATH + "{token}")
    @Produces(MediaType.TEXT_HTML)
    public Uni<Response> page(@PathParam("token") String token) {
        return html(links.open(token).map(open -> HostedKycPage.form(open, customers.displayName(open.customer()))));
    }

    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Submit identity documents",
            description = "The KYC page's form: a document type and its file.")
    @POST
    @Path(KycLinkService.HOSTED_PATH + "{token}")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Produces(MediaType.TEXT_HTML)
    public Uni<Response> submit(@PathParam("token") String token, @RestForm String documentType,
                                @RestForm String country, @RestForm("file") FileUpload file) {
        boolean hasFile = file != null && file.size() > 0;
        DocumentUpload upload = new DocumentUpload(null, documentType, null, country, null, null,
                hasFile ? file.fileName() : null, hasFile ? file.uploadedFile() : null);
        return html(links.submit(token, upload).map(result -> HostedKycPage.result(result.verification(), result.redirectUri())));
    }

    private static Uni<Response> html(Uni<String> page) {
        return HostedPages.html(page, HostedKycPage::error);
    }
}
