package payments.customer.bulk;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.multipart.FileUpload;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;

@RunsToCompletion
@Path("/")
@Secured(Permission.MANAGE)
public class BulkImportResource {

    private final BulkImportService service;

    public BulkImportResource(BulkImportService service) {
        this.service = service;
    }

    @POST
    @Path("customers/bulk/csv")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public Uni<Response> upload(@RestForm("file") FileUpload file) {
        return service.accept(file == null ? null : file.uploadedFile())
                .map(accepted -> Response.accepted(accepted).build());
    }

    @GET
    @Path("customers/bulk/jobs/{jobId}")
    @Secured(Permission.VIEW)
    public Uni<BulkImportView.Job> get(@PathParam("jobId") String jobId) {
        return service.get(jobId);
    }
}
