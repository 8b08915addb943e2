package payments.verification;

import payments.common.ApiException;
import payments.common.FieldError;

import static payments.common.web.HostedPages.escape;
import static payments.common.web.HostedPages.page;

import java.util.List;
import java.util.Set;

/** The sandbox's hosted verification page: plain HTML, every value escaped. */
final class HostedKycPage {

    private HostedKycPage() {
    }

    static String form(KycLinkService.OpenLink open, String displayName) {
        StringBuilder body = new StringBuilder();
        body.append("<p>Verifying <strong>").append(escape(displayName)).append("</strong> (")
                .append(escape(open.customer().wireId())).append("), currently <strong>")
                .append(escape(open.customer().verificationStatus)).append("</strong>.</p>");
        if (Set.of("APPROVED", "REJECTED").contains(open.customer().verificationStatus)) {
            return page("Identity verification", body.append("<p>This verification is already decided.</p>").toString());
        }
        if (open.issues().isEmpty()) {
            body.append("<p>Everything needed is on file. Submit to start the verification.</p>");
        } else {
            body.append("<p>Still needed:</p>").append(issueList(open.issues()));
        }
        body.append("""
                <form method="post" enctype="multipart/form-data">
                  <fieldset><legend>Add a document (optional)</legend>
                    <label>Type <select name="documentType">""");
        DocumentCategory.DOCUMENT_TYPES.forEach(type -> body.append("<option>").append(type).append("</option>"));
        body.append("""
                    </select></label>
                    <label>Issuing country <input name="country" value="US" size="2" maxlength="2"></label>
                    <label>File (PDF, JPEG or PNG) <input type="file" name="file" accept=".pdf,.jpg,.jpeg,.png"></label>
                  </fieldset>
                  <button type="submit">Submit verification</button>
                </form>""");
        return page("Identity verification", body.toString());
    }

    static String result(VerificationResponse result, String redirectUri) {
        StringBuilder body = new StringBuilder("<p>Verification <strong>").append(escape(result.verificationStatus()))
                .append("</strong>.</p>");
        if (!result.errors().isEmpty()) {
            body.append("<p>Still needed:</p>").append(issueList(result.errors()))
                    .append("<p><a href=\"\">Back to the form</a></p>");
        } else if (redirectUri != null) {
            body.append("<p><a href=\"").append(escape(redirectUri)).append("\">Continue</a></p>");
        } else {
            body.append("<p>You can close this page.</p>");
        }
        return page("Verification submitted", body.toString());
    }

    static String error(ApiException error) {
        StringBuilder body = new StringBuilder("<p>").append(escape(error.reason())).append("</p>");
        Object errors = error.details() == null ? null : error.details().get("errors");
        if (errors instanceof List<?> list && !list.isEmpty()) {
            body.append("<ul>");
            list.stream().filter(FieldError.class::isInstance).map(FieldError.class::cast).forEach(field ->
                    body.append("<li>").append(escape(field.field())).append(": ").append(escape(field.message())).append("</li>"));
            body.append("</ul>");
        }
        return page("Verification link problem", body.toString());
    }

    private static String issueList(List<VerificationIssue> issues) {
        StringBuilder list = new StringBuilder("<ul>");
        for (VerificationIssue issue : issues) {
            list.append("<li>").append(escape(issue.reason()));
            if (issue.field() != null) {
                list.append(" (").append(escape(issue.field())).append(')');
            }
            if (issue.acceptedDocumentTypes() != null) {
                list.append(": ").append(escape(String.join(", ", issue.acceptedDocumentTypes())));
            }
            list.append("</li>");
        }
        return list.append("</ul>").toString();
    }
}
