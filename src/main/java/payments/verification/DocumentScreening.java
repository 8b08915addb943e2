package payments.verification;

import payments.common.ErrorCode;

import java.util.Optional;

/**
 * A document provider's first look at an uploaded file: the problem it finds (one of the document
 * codes, answered 400), or none. The sandbox finds them in the file's name; without a provider
 * ({@link #NONE}, production mode today) nothing is found at upload.
 */
public interface DocumentScreening {

    Optional<ErrorCode> problem(String fileName);

    DocumentScreening NONE = fileName -> Optional.empty();
}
