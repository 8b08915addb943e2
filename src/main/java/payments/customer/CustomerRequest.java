package payments.customer;

import com.fasterxml.jackson.annotation.JsonInclude;
import payments.common.Address;

import java.util.List;

/**
 * The body of POST /customers and PATCH /customers/{id} (the reference's Individual and Business
 * Customer Create and Update Requests), bound once {@link CustomerRules} has checked it against the
 * schema of its operation and customer type: the schema says which of these fields a type and an
 * operation allow, and none of them may be null, so a field left null was not sent. The fields
 * this server does not keep in columns make up the customer's profile document, as sent.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CustomerRequest(String customerType, String platformCustomerId, String region, List<String> currencies,
                              String email, String phoneNumber, String umaAddress, TermsConsent endUserTermsConsent,
                              List<AgreementConsent> agreementConsents, String kycStatus, String kybStatus,
                              String fullName, String birthDate, String nationality, Address address, String idType,
                              String identifier, String countryOfIssuance, String annualIncomeRange, String netWorthRange,
                              String pepStatus, String expectedMonthlyTransactionCount, String expectedMonthlyTransactionVolume,
                              String purposeOfAccount, String purposeOfAccountOtherDescription,
                              List<String> sourceOfFundsCategories, String sourceOfFundsOtherDescription,
                              List<String> sourceOfWealthCategories, String sourceOfWealthOtherDescription,
                              BusinessInfo businessInfo) {

    public boolean individual() {
        return Customer.INDIVIDUAL.equals(customerType);
    }

    /** The reference's EndUserTermsConsentRequest (deprecated there in favour of agreementConsents). */
    public record TermsConsent(String acceptedAt, String ipAddress, String termsVersion, String acceptanceMethod) {
    }

    /** This server's own consent to one agreement of GET /customers/agreements. */
    public record AgreementConsent(String type, String version, String acceptedAt, String ipAddress, String acceptanceMethod) {

        /** The same consent in the reference's endUserTermsConsent shape. */
        TermsConsent asTermsConsent() {
            return new TermsConsent(acceptedAt, ipAddress, version, acceptanceMethod);
        }
    }

    /** BusinessInfo on creation (legalName, country, taxId and incorporatedOn required), BusinessInfoUpdate on a PATCH. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record BusinessInfo(String legalName, String doingBusinessAs, String country, String registrationNumber,
                               String incorporatedOn, String entityType, String taxId, List<String> countriesOfOperation,
                               String businessType, String purposeOfAccount, String sourceOfFunds,
                               String expectedMonthlyTransactionCount, String expectedMonthlyTransactionVolume,
                               List<String> expectedRecipientJurisdictions, String naicsCode,
                               List<String> sourceOfFundsCategories, String sourceOfFundsOtherDescription,
                               String purposeOfAccountOtherDescription, List<String> expectedCounterpartyCountries,
                               String primaryContactFirstName, String primaryContactLastName) {
    }
}
