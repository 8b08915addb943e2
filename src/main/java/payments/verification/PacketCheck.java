package payments.verification;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a verification packet still lacks: every missing field, document and person, each as one
 * issue. Pure: the caller gathers the customer's data, documents and owners.
 */
public final class PacketCheck {

    /** Roles that make a person the business's control person. */
    static final Set<String> CONTROL_ROLES = Set.of("CONTROL_PERSON", "DIRECTOR", "COMPANY_OFFICER", "TRUSTEE",
            "GENERAL_PARTNER");

    /** The customer as the check sees it: wire id, type, profile document and the column fields. */
    public record Applicant(String id, boolean business, JsonNode profile, String identifier, JsonNode contactVerification) {
    }

    public record HeldDocument(String id, String holderId, String documentType) {
    }

    public record Owner(String id, List<String> roles) {
    }

    private PacketCheck() {
    }

    public static List<VerificationIssue> issues(Applicant applicant, List<HeldDocument> documents, List<Owner> owners) {
        List<VerificationIssue> issues = new ArrayList<>();
        if (applicant.business()) {
            checkBusiness(applicant, documents, owners, issues);
        } else {
            checkIndividual(applicant, documents, issues);
        }
        checkContacts(applicant, issues);
        return issues;
    }

    private static void checkIndividual(Applicant applicant, List<HeldDocument> documents, List<VerificationIssue> issues) {
        JsonNode profile = applicant.profile();
        require(applicant, profile, "fullName", "Full name is required", issues);
        require(applicant, profile, "birthDate", "Date of birth is required", issues);
        require(applicant, profile, "nationality", "Nationality is required", issues);
        requireAddress(applicant, profile.path("address"), issues);
        require(applicant, profile, "idType", "Identification type is required", issues);
        if (applicant.identifier() == null || applicant.identifier().isBlank()) {
            issues.add(VerificationIssue.missingField(applicant.id(), "customer.identifier", "Identification number is required"));
        }
        requireDocument(applicant.id(), DocumentCategory.IDENTITY, documents, issues);
    }

    private static void checkBusiness(Applicant applicant, List<HeldDocument> documents, List<Owner> owners,
                                      List<VerificationIssue> issues) {
        JsonNode info = applicant.profile().path("businessInfo");
        requireIn(applicant, info, "businessInfo.", "legalName", "Legal name is required", issues);
        requireIn(applicant, info, "businessInfo.", "registrationNumber", "Registration number is required", issues);
        requireIn(applicant, info, "businessInfo.", "taxId", "Tax identification number is required", issues);
        requireIn(applicant, info, "businessInfo.", "entityType", "Entity type is required", issues);
        if (!info.path("countriesOfOperation").isArray() || info.path("countriesOfOperation").isEmpty()) {
            issues.add(VerificationIssue.missingField(applicant.id(), "customer.businessInfo.countriesOfOperation",
                    "At least one country of operation is required"));
        }
        requireAddress(applicant, applicant.profile().path("address"), issues);
        requireDocument(applicant.id(), DocumentCategory.LEGAL_PRESENCE, documents, issues);
        requireDocument(applicant.id(), DocumentCategory.OWNERSHIP_STRUCTURE, documents, issues);
        requireDocument(applicant.id(), DocumentCategory.PROOF_OF_ADDRESS, documents, issues);
        if (owners.isEmpty()) {
            issues.add(new VerificationIssue(applicant.id(), "MISSING_BENEFICIAL_OWNER", null,
                    "At least one beneficial owner is required (POST /beneficial-owners)", null));
        }
        if (owners.stream().noneMatch(owner -> owner.roles().stream().anyMatch(CONTROL_ROLES::contains))) {
            issues.add(new VerificationIssue(applicant.id(), "MISSING_CONTROL_PERSON", null,
                    "A control person is required: a beneficial owner with one of the roles " + CONTROL_ROLES.stream().sorted().toList(),
                    null));
        }
        for (Owner owner : owners) {
            requireDocument(owner.id(), DocumentCategory.IDENTITY, documents, issues);
        }
    }

    private static void checkContacts(Applicant applicant, List<VerificationIssue> issues) {
        JsonNode state = applicant.contactVerification();
        if (state == null) {
            return;
        }
        if (!"VERIFIED".equals(state.path("email").asText())) {
            issues.add(VerificationIssue.invalidField(applicant.id(), "customer.email",
                    "The email address must be verified first (POST /customers/{customerId}/verify-email)"));
        }
        if (!"VERIFIED".equals(state.path("phone").asText())) {
            issues.add(VerificationIssue.invalidField(applicant.id(), "customer.phoneNumber",
                    "The phone number must be verified first (POST /customers/{customerId}/verify-phone)"));
        }
    }

    private static void requireAddress(Applicant applicant, JsonNode address, List<VerificationIssue> issues) {
        requireIn(applicant, address, "address.", "line1", "Address line 1 is required", issues);
        requireIn(applicant, address, "address.", "city", "City is required", issues);
        requireIn(applicant, address, "address.", "postalCode", "Postal code is required", issues);
        requireIn(applicant, address, "address.", "country", "Country is required", issues);
    }

    private static void require(Applicant applicant, JsonNode node, String field, String reason, List<VerificationIssue> issues) {
        requireIn(applicant, node, "", field, reason, issues);
    }

    private static void requireIn(Applicant applicant, JsonNode node, String prefix, String field, String reason,
                                  List<VerificationIssue> issues) {
        if (node.path(field).asText("").isBlank()) {
            issues.add(VerificationIssue.missingField(applicant.id(), "customer." + prefix + field, reason));
        }
    }

    private static void requireDocument(String holderId, DocumentCategory category, List<HeldDocument> documents,
                                        List<VerificationIssue> issues) {
        boolean held = documents.stream().anyMatch(doc -> doc.holderId().equals(holderId) && category.satisfiedBy(doc.documentType()));
        if (!held) {
            issues.add(VerificationIssue.missingDocument(holderId, category));
        }
    }
}
