package payments.verification;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.multipart.FileUpload;
import payments.common.Page;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;

@RunsToCompletion
@Path("/")
@Secured(Permission.MANAGE)
public class DocumentResource {

    private final DocumentService service;
    private final CurrentCaller caller;

    public DocumentResource(DocumentService service, CurrentCaller caller) {
        this.service = service;
        this.caller = caller;
    }

    @POST
    @Path("documents")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public Uni<Response> upload(@RestForm String documentHolder, @RestForm String documentType, @RestForm String side,
                                @RestForm String country, @RestForm String documentNumber,
                                @RestForm String issuingAuthority, @RestForm("file") FileUpload file) {
        return service.upload(form(documentHolder, documentType, side, country, documentNumber, issuingAuthority, file), caller.get())
                .map(document -> Response.status(201).entity(document).build());
    }

    @PUT
    @Path("documents/{documentId}")
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    public Uni<DocumentResponse> replace(@PathParam("documentId") String documentId, @RestForm String documentType,
                                         @RestForm String side, @RestForm String country,
                                         @RestForm String documentNumber, @RestForm String issuingAuthority,
                                         @RestForm("file") FileUpload file) {
        return service.replace(documentId, form(null, documentType, side, country, documentNumber, issuingAuthority, file),
                caller.get());
    }

    @GET
    @Path("documents")
    @Secured(Permission.VIEW)
    public Uni<Page<DocumentResponse>> list(@QueryParam("documentHolder") String documentHolder,
                                            @QueryParam("limit") String limit,
                                            @QueryParam("cursor") String cursor) {
        return service.list(documentHolder, limit, cursor);
    }

    @GET
    @Path("documents/{documentId}")
    @Secured(Permission.VIEW)
    public Uni<DocumentResponse> get(@PathParam("documentId") String documentId) {
        return service.get(documentId);
    }

    @DELETE
    @Path("documents/{documentId}")
    public Uni<Response> delete(@PathParam("documentId") String documentId) {
        return service.delete(documentId).map(done -> Response.noContent().build());
    }

    private static DocumentUpload form(String holder, String type, String side, String country, String number,
                                       String authority, FileUpload file) {
        return new DocumentUpload(holder, type, side, country, number, authority,
                file == null ? null : file.fileName(), file == null ? null : file.uploadedFile());
    }
}
