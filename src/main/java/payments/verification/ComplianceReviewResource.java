package payments.verification;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import payments.common.JsonBody;
import payments.common.Page;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;
import payments.verification.ComplianceReviews.DecisionRequest;

/**
 * The operator review queue (this server's own endpoints, outside the reference's paths): for
 * tokens holding COMPLIANCE_REVIEW, which MANAGE does not imply.
 */
@RunsToCompletion
@Path("/compliance")
@Secured(Permission.COMPLIANCE_REVIEW)
@Tag(name = "Compliance review", description = "The platform's compliance staff decide identity verifications waiting for a person"
        + " (svc.verifications.reviewer OPERATOR_QUEUE, production's default). Needs a token with the COMPLIANCE_REVIEW permission.")
public class ComplianceReviewResource {

    private final ComplianceReviews reviews;
    private final CurrentCaller caller;

    public ComplianceReviewResource(ComplianceReviews reviews, CurrentCaller caller) {
        this.reviews = reviews;
        this.caller = caller;
    }

    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "List verifications waiting for review",
            description = "Identity verifications waiting for a person, oldest first, with what the customer submitted.")
    @GET
    @Path("reviews")
    public Uni<Page<ComplianceReviews.ReviewResponse>> waiting(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return reviews.waiting(limit, cursor);
    }

    /** Body optional: {@code {"reason"}}. */
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Approve a verification",
            description = "Approves the customer's KYC/KYB; reason optional. Audited with who decided and when.")
    @POST
    @Path("reviews/{verificationId}/approve")
    public Uni<ComplianceReviews.DecisionResponse> approve(@PathParam("verificationId") String verificationId, @RequestBody(content = @Content(
            mediaType = "application/json", schema = @Schema(implementation = DecisionRequest.class))) JsonBody<DecisionRequest> body) {
        return reviews.decide(verificationId, true, body.bound(), caller.get());
    }

    /** Body {@code {"reason"}}, required. */
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Reject a verification",
            description = "Rejects the customer's KYC/KYB; reason required. Audited with who decided and when.")
    @POST
    @Path("reviews/{verificationId}/reject")
    public Uni<ComplianceReviews.DecisionResponse> reject(@PathParam("verificationId") String verificationId, @RequestBody(content = @Content(
            mediaType = "application/json", schema = @Schema(implementation = DecisionRequest.class))) JsonBody<DecisionRequest> body) {
        return reviews.decide(verificationId, false, body.bound(), caller.get());
    }

    /** Body {@code {"reason"}}, required: an APPROVED customer's KYC/KYB is reviewed again. */
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Reopen a customer's verification",
            description = "An APPROVED customer's KYC/KYB is reviewed again; reason required.")
    @POST
    @Path("customers/{customerId}/reopen")
    public Uni<ComplianceReviews.DecisionResponse> reopen(@PathParam("customerId") String customerId, @RequestBody(content = @Content(
            mediaType = "application/json", schema = @Schema(implementation = DecisionRequest.class))) JsonBody<DecisionRequest> body) {
        return reviews.reopen(customerId, body.bound(), caller.get());
    }

    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "List compliance decisions",
            description = "The decisions taken, newest first, optionally for one customer: the audit trail.")
    @GET
    @Path("decisions")
    public Uni<Page<ComplianceReviews.DecisionResponse>> decisions(@QueryParam("customerId") String customerId,
                                                                   @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return reviews.decisions(customerId, limit, cursor);
    }
}
