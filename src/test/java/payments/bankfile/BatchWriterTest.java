package payments.bankfile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Writing a batch into a file, and reading the inbox folder, without a server. */
class BatchWriterTest {

    private static final IsoSchemas SCHEMAS = new IsoSchemas();
    private static final Instant NOW = Instant.parse("2026-11-28T10:00:00Z");

    @Test
    void aPayoutNoFileCanCarryLeavesTheBatchAndTheOthersAreWritten() {
        BankPayout good = payout("0191a2b3c4d5e6f708192a3b4c5d6e01", "DE89370400440532013000");
        BankPayout broken = payout("0191a2b3c4d5e6f708192a3b4c5d6e02", "DE89\u000b370400440532013000");
        BatchWriter.Written written = new BatchWriter(SCHEMAS, BankMessagesTest.PLATFORM).write("B1", NOW, List.of(good, broken));
        assertEquals(List.of(good), written.payouts());
        assertEquals(List.of(broken), List.copyOf(written.unwritable().keySet()));
        assertTrue(written.content().contains(good.endToEndId) && !written.content().contains(broken.endToEndId), written.content());

        BatchWriter.Written none = new BatchWriter(SCHEMAS, BankMessagesTest.PLATFORM).write("B2", NOW, List.of(broken));
        assertNull(none.content());
        assertEquals(List.of(broken), List.copyOf(none.unwritable().keySet()));
    }

    /** When not even a probe payout can be written (here the debtor's settings), the fault is the server's: nothing fails, all stay queued. */
    @Test
    void aFaultOfTheServerFailsNoPayout() {
        Pain001.Debtor broken = new Pain001.Debtor("Platform", "DE89\u000b370400440532013000", null, null);
        BankPayout good = payout("0191a2b3c4d5e6f708192a3b4c5d6e03", "DE89370400440532013000");
        IllegalStateException fault = assertThrows(IllegalStateException.class,
                () -> new BatchWriter(SCHEMAS, broken).write("B3", NOW, List.of(good)));
        assertTrue(fault.getMessage().contains("not even a probe's"), fault.getMessage());
    }

    @Test
    void theInboxFolderIsReadUpToItsCapAndNeverThroughALink(@TempDir Path root) throws IOException {
        Path inbox = Files.createDirectories(root.resolve("inbox"));
        Path secret = Files.writeString(root.resolve("secret.xml"), "<statement/>");
        Files.createSymbolicLink(inbox.resolve("link.xml"), secret);
        Files.writeString(inbox.resolve("small.xml"), "12345");
        Files.writeString(inbox.resolve("large.xml"), "123456");
        FolderTransport folder = new FolderTransport(root);
        assertEquals(List.of("large.xml", "link.xml", "small.xml"), folder.list("inbox"), "a link is listed, so it is quarantined");
        assertArrayEquals("12345".getBytes(), folder.read("inbox", "small.xml", 5));
        assertThrows(BankFileTransport.Refused.class, () -> folder.read("inbox", "large.xml", 5));
        BankFileTransport.Refused link = assertThrows(BankFileTransport.Refused.class, () -> folder.read("inbox", "link.xml", 1000));
        assertTrue(link.getMessage().contains("symbolic link"), link.getMessage());
        assertNull(folder.read("inbox", "gone.xml", 1000));
    }

    private static BankPayout payout(String endToEndId, String iban) {
        BankPayout payout = new BankPayout();
        payout.endToEndId = endToEndId;
        payout.amount = 1000;
        payout.currency = "EUR";
        payout.creditorName = "Ann Payee";
        payout.iban = iban;
        return payout;
    }
}
