package payments.console;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import payments.account.ExternalAccountResource;
import payments.account.ExternalAccountService.ExternalAccountCreateRequest;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonBodies;
import payments.common.security.Permission;
import payments.common.security.PublicEndpoint;

/**
 * A customer's bank accounts from the console, in both modes: a US account (routing and account
 * number) or a EUR one (IBAN) registered for a person, and any of them deleted; each form the API
 * operation named beside it, with its body.
 */
@Path("/console")
@PublicEndpoint
@Produces(MediaType.TEXT_HTML)
public class ConsoleExternalAccounts {

    private final ConsoleFrame frame;
    private final ExternalAccountResource accounts;
    private final JsonBodies bodies;
    private final ConsolePages pages;

    public ConsoleExternalAccounts(ConsoleFrame frame, ExternalAccountResource accounts, JsonBodies bodies, ConsolePages pages) {
        this.frame = frame;
        this.pages = pages;
        this.accounts = accounts;
        this.bodies = bodies;
    }

    /**
     * POST /customers/external-accounts {"customerId", "currency", "accountInfo": {"accountType", the
     * account's number (IBAN, or account and routing numbers), "beneficiary": {a person, their address}}}.
     */
    @POST
    @Path("customers/{id}/external-accounts")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> create(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form, @PathParam("id") String id,
                                @FormParam("accountType") String accountType, @FormParam("iban") String iban,
                                @FormParam("accountNumber") String accountNumber, @FormParam("routingNumber") String routingNumber,
                                @FormParam("fullName") String fullName, @FormParam("birthDate") String birthDate,
                                @FormParam("nationality") String nationality, @FormParam("line1") String line1,
                                @FormParam("city") String city, @FormParam("postalCode") String postalCode,
                                @FormParam("country") String country) {
        boolean euro = "EUR_ACCOUNT".equals(accountType);
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("customerId", id).put("currency", euro ? "EUR" : "USD");
        ObjectNode info = body.putObject("accountInfo").put("accountType", euro ? "EUR_ACCOUNT" : "USD_ACCOUNT");
        if (euro) {
            putIfGiven(info, "iban", iban == null ? null : iban.replace(" ", "").toUpperCase(java.util.Locale.ROOT));
        } else {
            putIfGiven(info, "accountNumber", accountNumber);
            putIfGiven(info, "routingNumber", routingNumber);
            info.put("bankAccountType", "CHECKING");
        }
        ObjectNode beneficiary = info.putObject("beneficiary").put("beneficiaryType", "INDIVIDUAL");
        putIfGiven(beneficiary, "fullName", fullName);
        putIfGiven(beneficiary, "birthDate", birthDate);
        putIfGiven(beneficiary, "nationality", nationality);
        putIfGiven(beneficiary, "countryOfResidence", country);
        ObjectNode address = beneficiary.putObject("address");
        putIfGiven(address, "line1", line1);
        putIfGiven(address, "city", city);
        putIfGiven(address, "postalCode", postalCode);
        putIfGiven(address, "country", country);
        FormPage back = pages.customerForm("bank-account", id).typed("accountType", accountType)
                .typed("iban", iban).typed("accountNumber", accountNumber).typed("routingNumber", routingNumber).typed("fullName", fullName)
                .typed("birthDate", birthDate).typed("nationality", nationality).typed("line1", line1).typed("city", city)
                .typed("postalCode", postalCode).typed("country", country).field("countryOfResidence", "country");
        return frame.act(session, form, Permission.MANAGE, back, () -> accounts.createForCustomer(bodies.body(body, ExternalAccountCreateRequest.class))
                .map(created -> customerPage(id) + "?notice=registered"));
    }

    /** DELETE /customers/external-accounts/{externalAccountId}. */
    @POST
    @Path("external-accounts/{accountId}/delete")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> delete(@CookieParam(ConsoleSessions.COOKIE) String session, @FormParam("form") String form,
                                @PathParam("accountId") String accountId, @FormParam("customerId") String customerId) {
        FormPage back = pages.customerForm(accountId, customerId);
        return frame.act(session, form, Permission.MANAGE, back, () -> accounts.deleteForCustomer(accountId)
                .map(deleted -> customerPage(customerId) + "?notice=deleted"));
    }

    /** The customer's page, when the form named a customer id; the customers list otherwise. */
    private static String customerPage(String customerId) {
        return Ids.isValid(IdType.CUSTOMER, customerId) ? "customers/" + customerId : "customers";
    }

    /** A blank field is left out, so the operation's own check names it as missing. */
    private static void putIfGiven(ObjectNode node, String field, String value) {
        if (value != null && !value.isBlank()) {
            node.put(field, value.strip());
        }
    }
}
