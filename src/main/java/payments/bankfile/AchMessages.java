package payments.bankfile;

import payments.bankfile.BankMessages.AccountCorrected;
import payments.bankfile.BankMessages.Amount;
import payments.bankfile.BankMessages.BankEvent;
import payments.bankfile.BankMessages.EntryBooked;
import payments.bankfile.nacha.AchCodes;
import payments.bankfile.nacha.NachaFile;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads what the bank sends back on the ACH rail, a NACHA file of returns (entries with an addenda
 * 99) and notifications of change (COR entries with an addenda 98), as {@link BankEvent}s: a return
 * is a credit booked back for the original entry's trace number, keyed by the return entry's own
 * trace number across files. Entries that are neither (the bank's own) are not events. Pure.
 */
final class AchMessages {

    /** The prefix of the keys of ACH bookings, apart from the ISO rail's bank references. */
    static final String REFERENCE_PREFIX = "ACH:";

    private AchMessages() {
    }

    /** Whether {@code content} looks like a NACHA file (its first record a file header of 94 characters). */
    static boolean isNacha(String content) {
        return content.startsWith("101") && (content.indexOf('\n') == 94 || content.indexOf('\r') == 94 || content.length() == 94);
    }

    static List<BankEvent> read(String content) throws IsoSchemas.InvalidMessage {
        NachaFile.Read file;
        try {
            file = NachaFile.read(content);
        } catch (NachaFile.Invalid e) {
            throw new IsoSchemas.InvalidMessage("Not a valid NACHA file: " + String.join("; ", e.problems()));
        }
        List<BankEvent> events = new ArrayList<>();
        for (NachaFile.Batch batch : file.batches()) {
            for (NachaFile.Entry entry : batch.entries()) {
                for (NachaFile.Addenda addenda : entry.addenda()) {
                    if (addenda instanceof NachaFile.Return returned) {
                        if (!AchCodes.isReturnCode(returned.reasonCode())) {
                            throw new IsoSchemas.InvalidMessage("Entry " + entry.traceNumber() + " returns for '" + returned.reasonCode()
                                    + "', not a return reason code (R01-R85)");
                        }
                        // A returned credit comes back as money in; a returned debit (a pull) as money out.
                        events.add(new EntryBooked(returned.originalTrace(), entry.debit(), entry.amount(), "USD",
                                new Amount(entry.amount(), "USD"), returned.reasonCode(), entry.accountNumber(), returned.information(),
                                REFERENCE_PREFIX + entry.traceNumber()));
                    } else if (addenda instanceof NachaFile.Change change) {
                        Map<String, String> corrected = AchCodes.corrections(change.changeCode(), change.correctedData())
                                .orElseThrow(() -> new IsoSchemas.InvalidMessage("Entry " + entry.traceNumber() + " notifies change '"
                                        + change.changeCode() + "', not a change code (C01-C13)"));
                        events.add(new AccountCorrected(change.originalTrace(), change.changeCode(), corrected,
                                REFERENCE_PREFIX + entry.traceNumber()));
                    }
                }
            }
        }
        return events;
    }
}
