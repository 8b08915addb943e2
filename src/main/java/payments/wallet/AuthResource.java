package payments.wallet;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import payments.common.JsonBody;
import payments.common.security.Permission;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;

/**
 * Embedded-wallet authentication with the platform's credentials: credentials, one-time codes,
 * sessions. Operations that act for the wallet's owner are signed retries: the first call answers
 * 202 with a payload to sign, the identical call with {@value Stamp#HEADER} and Request-Id does it.
 */
@RunsToCompletion
@Path("/auth")
@Secured(Permission.VIEW)
public class AuthResource {

    private final AuthCredentials credentials;
    private final AuthSessions sessions;

    public AuthResource(AuthCredentials credentials, AuthSessions sessions) {
        this.credentials = credentials;
        this.sessions = sessions;
    }

    @GET
    @Path("credentials")
    public Uni<AuthView.ListOf<AuthView.AuthMethod>> listCredentials(@QueryParam("accountId") String accountId) {
        return credentials.list(accountId);
    }

    @POST
    @Path("credentials")
    @Secured(Permission.MANAGE)
    public Uni<Response> createCredential(JsonBody<AuthCredentials.CredentialCreateRequest> body,
                                          @HeaderParam(Stamp.HEADER) String signature,
                                          @HeaderParam(SignedRetries.REQUEST_ID_HEADER) String requestId) {
        return credentials.create(body, new SignedRetries.Headers(signature, requestId)).map(created -> created.challenge() != null
                ? Response.accepted(created.challenge()).build() : Response.status(201).entity(created.credential()).build());
    }

    @DELETE
    @Path("credentials/{id}")
    @Secured(Permission.MANAGE)
    public Uni<Response> deleteCredential(@PathParam("id") String id, @HeaderParam(Stamp.HEADER) String signature,
                                          @HeaderParam(SignedRetries.REQUEST_ID_HEADER) String requestId) {
        return credentials.delete(id, new SignedRetries.Headers(signature, requestId)).map(AuthResource::acceptedOrNoContent);
    }

    @POST
    @Path("credentials/{id}/challenge")
    @Consumes(MediaType.WILDCARD)
    @Secured(Permission.TRANSACT)
    public Uni<Object> challenge(@PathParam("id") String id, JsonBody<ClientKeyRequest> body) {
        return credentials.challenge(id, body);
    }

    @POST
    @Path("credentials/{id}/verify")
    @Secured(Permission.TRANSACT)
    public Uni<Response> verify(@PathParam("id") String id, JsonBody<AuthCredentials.CredentialVerifyRequest> body,
                                @HeaderParam(Stamp.HEADER) String signature,
                                @HeaderParam(SignedRetries.REQUEST_ID_HEADER) String requestId) {
        return credentials.verify(id, body, new SignedRetries.Headers(signature, requestId)).map(answer ->
                answer instanceof AuthView.CredentialChallenge ? Response.accepted(answer).build() : Response.ok(answer).build());
    }

    @GET
    @Path("sessions")
    public Uni<AuthView.ListOf<AuthView.Session>> listSessions(@QueryParam("accountId") String accountId) {
        return sessions.list(accountId);
    }

    @DELETE
    @Path("sessions/{id}")
    @Secured(Permission.TRANSACT)
    public Uni<Response> revokeSession(@PathParam("id") String id, @HeaderParam(Stamp.HEADER) String signature,
                                      @HeaderParam(SignedRetries.REQUEST_ID_HEADER) String requestId) {
        return sessions.revoke(id, new SignedRetries.Headers(signature, requestId)).map(AuthResource::acceptedOrNoContent);
    }

    @POST
    @Path("sessions/{id}/refresh")
    @Secured(Permission.TRANSACT)
    public Uni<Response> refreshSession(@PathParam("id") String id, JsonBody<ClientKeyRequest> body,
                                       @HeaderParam(Stamp.HEADER) String signature,
                                       @HeaderParam(SignedRetries.REQUEST_ID_HEADER) String requestId) {
        return sessions.refresh(id, body, new SignedRetries.Headers(signature, requestId)).map(refreshed -> refreshed.challenge() != null
                ? Response.accepted(refreshed.challenge()).build() : Response.status(201).entity(refreshed.session()).build());
    }

    private static Response acceptedOrNoContent(AuthView.CredentialChallenge challenge) {
        return challenge == null ? Response.noContent().build() : Response.accepted(challenge).build();
    }
}
