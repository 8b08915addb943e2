package payments.sca;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import payments.common.JsonBody;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;
import payments.sca.ScaRecords.FactorList;
import payments.sca.ScaRecords.LoginComplete;
import payments.sca.ScaRecords.LoginStart;
import payments.sca.ScaRecords.ResetStatus;
import payments.sca.ScaRecords.SecurityEventRecorded;
import payments.sca.ScaRecords.TrustConfirm;
import payments.sca.ScaRecords.TrustStart;

/**
 * Strong Customer Authentication of customers in SCA regions (elsewhere every call is 409):
 * factors, logins, security events, factor resets, and trusted beneficiaries.
 */
@RunsToCompletion
@Path("/")
@Secured(Permission.MANAGE)
public class ScaResource {

    private final ScaFactors factors;
    private final ScaLogins logins;
    private final FactorResets resets;
    private final BeneficiaryTrust trust;

    public ScaResource(ScaFactors factors, ScaLogins logins, FactorResets resets, BeneficiaryTrust trust) {
        this.factors = factors;
        this.logins = logins;
        this.resets = resets;
        this.trust = trust;
    }

    @GET
    @Path("sca/factors")
    @Secured(Permission.VIEW)
    public Uni<FactorList> factors(@QueryParam("customerId") String customerId) {
        return factors.list(customerId);
    }

    @POST
    @Path("sca/factors")
    public Uni<Object> startEnrollment(@QueryParam("customerId") String customerId,
                                       JsonBody<ScaRecords.FactorEnrollmentRequest> body) {
        return factors.startEnrollment(customerId, body);
    }

    @POST
    @Path("sca/factors/confirm")
    public Uni<Object> confirmEnrollment(@QueryParam("customerId") String customerId,
                                         JsonBody<ScaRecords.FactorConfirmRequest> body) {
        return factors.confirmEnrollment(customerId, body);
    }

    @DELETE
    @Path("sca/factors/{credentialId}")
    public Uni<Response> deleteFactor(@QueryParam("customerId") String customerId, @PathParam("credentialId") String credentialId) {
        return factors.delete(customerId, credentialId).map(ignored -> Response.noContent().build());
    }

    @POST
    @Path("sca/login/start")
    public Uni<LoginStart> startLogin(@QueryParam("customerId") String customerId, JsonBody<ScaRecords.FactorChoice> body) {
        return logins.start(customerId, body);
    }

    @POST
    @Path("sca/login/complete")
    public Uni<LoginComplete> completeLogin(@QueryParam("customerId") String customerId,
                                            JsonBody<ScaRecords.LoginCompleteRequest> body) {
        return logins.complete(customerId, body);
    }

    @POST
    @Path("sca/record-event")
    public Uni<SecurityEventRecorded> recordEvent(@QueryParam("customerId") String customerId,
                                                  JsonBody<ScaRecords.SecurityEventRequest> body) {
        return logins.recordEvent(customerId, body);
    }

    @POST
    @Path("sca/factors/reset")
    public Uni<Response> startReset(@QueryParam("customerId") String customerId, JsonBody<ScaRecords.FactorChoice> body) {
        return resets.start(customerId, body).map(started -> Response.status(201).entity(started).build());
    }

    @GET
    @Path("sca/factors/reset/{resetId}")
    @Secured(Permission.VIEW)
    public Uni<ResetStatus> resetStatus(@QueryParam("customerId") String customerId, @PathParam("resetId") String resetId) {
        return resets.status(customerId, resetId);
    }

    /** The body is optional (only an SMS_OTP reset carries one): a bare POST without Content-Type is fine. */
    @POST
    @Path("sca/factors/reset/{resetId}/complete")
    @jakarta.ws.rs.Consumes(jakarta.ws.rs.core.MediaType.WILDCARD)
    public Uni<Response> completeReset(@QueryParam("customerId") String customerId, @PathParam("resetId") String resetId,
                                  JsonBody<ScaRecords.ResetCompleteRequest> body) {
        return resets.complete(customerId, resetId, body).map(ignored -> Response.noContent().build());
    }

    @POST
    @Path("customers/external-accounts/{externalAccountId}/trust")
    public Uni<TrustStart> startTrust(@PathParam("externalAccountId") String id) {
        return trust.start(id, true);
    }

    @POST
    @Path("customers/external-accounts/{externalAccountId}/trust/confirm")
    public Uni<TrustConfirm> confirmTrust(@PathParam("externalAccountId") String id, JsonBody<ScaRecords.TrustConfirmRequest> body) {
        return trust.confirm(id, true, body);
    }

    @POST
    @Path("customers/external-accounts/{externalAccountId}/untrust")
    public Uni<TrustStart> startUntrust(@PathParam("externalAccountId") String id) {
        return trust.start(id, false);
    }

    @POST
    @Path("customers/external-accounts/{externalAccountId}/untrust/confirm")
    public Uni<TrustConfirm> confirmUntrust(@PathParam("externalAccountId") String id, JsonBody<ScaRecords.TrustConfirmRequest> body) {
        return trust.confirm(id, false, body);
    }
}
