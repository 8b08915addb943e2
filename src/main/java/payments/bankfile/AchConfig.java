package payments.bankfile;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.LocalTime;
import java.util.Optional;

/**
 * The NACHA ACH rail (production): USD payouts leave as NACHA files through the bank file
 * transport ({@code svc.bank-files.transport}, its outbox and inbox), the bank's return and
 * notification-of-change files come back through its inbox. Configured when the originating bank's
 * routing number and the company id are set.
 */
@ConfigMapping(prefix = "svc.ach")
public interface AchConfig {

    /** The originating bank's (ODFI's) 9-digit routing number: the file's destination and the first 8 digits of every trace number. */
    Optional<String> odfiRoutingNumber();

    /** The platform's company identification as its bank assigned it (10 characters, often "1" and the EIN). */
    Optional<String> companyId();

    /** The company name shown to payees (up to 16 characters). */
    @WithDefault("Payments Platform")
    String companyName();

    /** The file header's immediate origin (10 characters); by default the company id. */
    Optional<String> immediateOrigin();

    /** The originating bank's name in the file header (up to 23 characters). */
    @WithDefault("ODFI")
    String odfiName();

    /** The company entry description payees' statements show (up to 10 characters). */
    @WithDefault("PAYOUT")
    String entryDescription();

    /**
     * The bank's same-day cut-off in {@link #zone}: a file written before it on a banking day asks
     * for settlement that day; unset, every file asks for the next banking day.
     */
    Optional<LocalTime> sameDayCutOff();

    /** The largest entry (cents) that may settle the same day, NACHA's limit ($1,000,000); larger ones settle the next banking day. */
    @WithDefault("100000000")
    long sameDayLimit();

    /**
     * The bank's own BAI2 detail type codes (700-999) and how each reads: "901:CREDIT,902:DEBIT,950:SKIP"
     * (SKIP: information, no money). Unset: a statement with one is quarantined.
     */
    Optional<String> bai2CustomCodes();

    /** The time zone of cut-offs and effective dates (the Federal Reserve's). */
    @WithDefault("America/New_York")
    String zone();
}
