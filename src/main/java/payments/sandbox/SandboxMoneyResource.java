package payments.sandbox;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import payments.account.InternalAccountView.InternalAccountResponse;
import payments.common.JsonBody;
import payments.common.security.Permission;
import payments.common.security.SandboxOnly;
import payments.common.security.Secured;
import payments.common.web.RunsToCompletion;
import payments.ledger.LedgerAudit;
import payments.ledger.LedgerAudit.AuditReport;
import payments.quote.RealtimeFunding;
import payments.transaction.TransactionView.TransactionResponse;

/** Sandbox money simulators and the ledger audit. */
@RunsToCompletion
@Path("/sandbox")
@SandboxOnly
public class SandboxMoneyResource {

    private final SandboxFunding funding;
    private final LedgerAudit audit;
    private final RealtimeFunding quotes;
    private final SandboxUmaReceive umaReceive;

    public SandboxMoneyResource(SandboxFunding funding, LedgerAudit audit, RealtimeFunding quotes,
                                SandboxUmaReceive umaReceive) {
        this.funding = funding;
        this.audit = audit;
        this.quotes = quotes;
        this.umaReceive = umaReceive;
    }

    /** A sandbox UMA address pays a customer; the platform is asked to approve it first. */
    @POST
    @Path("/uma/receive")
    @Secured(Permission.TRANSACT)
    public Uni<TransactionResponse> receiveUma(JsonBody<SandboxUmaReceive.UmaPaymentSimulation> body) {
        return umaReceive.receive(body);
    }

    /** The payer sends the money a realtime-funded quote's paymentInstructions ask for. */
    @POST
    @Path("/send")
    @Secured(Permission.TRANSACT)
    public Uni<TransactionResponse> send(JsonBody<RealtimeFunding.FundsSent> body) {
        return quotes.receiveRealtimeFunds(body);
    }

    @POST
    @Path("/internal-accounts/{accountId}/fund")
    @Secured(Permission.TRANSACT)
    public Uni<InternalAccountResponse> fund(@PathParam("accountId") String accountId, JsonBody<SandboxFunding.FundRequest> body) {
        return funding.fund(accountId, body);
    }

    /** Recomputes every balance from the journal; {@code clean} is false on any disagreement. */
    @org.eclipse.microprofile.openapi.annotations.tags.Tag(name = "Sandbox")
    @org.eclipse.microprofile.openapi.annotations.Operation(summary = "Audit the ledger",
            description = "This server's own extension (sandbox only): checks that every account's balance equals its ledger entries and "
                    + "that every journal balances.")
    @GET
    @Path("/ledger/audit")
    @Secured(Permission.VIEW)
    public Uni<AuditReport> audit() {
        return audit.run();
    }
}
