package payments.verification;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import payments.common.Page;
import payments.common.security.CurrentCaller;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;

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

    @GET
    @Path("reviews")
    public Uni<Page<ComplianceReviews.ReviewResponse>> waiting(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return reviews.waiting(limit, cursor);
    }

    /** Body optional: {@code {"reason"}}. */
    @POST
    @Path("reviews/{verificationId}/approve")
    public Uni<ComplianceReviews.DecisionResponse> approve(@PathParam("verificationId") String verificationId, JsonNode body) {
        return reviews.decide(verificationId, true, body, caller.get());
    }

    /** Body {@code {"reason"}}, required. */
    @POST
    @Path("reviews/{verificationId}/reject")
    public Uni<ComplianceReviews.DecisionResponse> reject(@PathParam("verificationId") String verificationId, JsonNode body) {
        return reviews.decide(verificationId, false, body, caller.get());
    }

    /** Body {@code {"reason"}}, required: an APPROVED customer's KYC/KYB is reviewed again. */
    @POST
    @Path("customers/{customerId}/reopen")
    public Uni<ComplianceReviews.DecisionResponse> reopen(@PathParam("customerId") String customerId, JsonNode body) {
        return reviews.reopen(customerId, body, caller.get());
    }

    @GET
    @Path("decisions")
    public Uni<Page<ComplianceReviews.DecisionResponse>> decisions(@QueryParam("customerId") String customerId,
                                                                   @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return reviews.decisions(customerId, limit, cursor);
    }
}
