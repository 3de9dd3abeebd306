package org.ppbus.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The view's API without a browser: a number it cannot read gets a 400 that says why. */
class ViewApiTest {
    private static ViewServer server;

    @BeforeAll
    static void open() throws IOException {
        server = new ViewServer("127.0.0.1", 0);
    }

    @AfterAll
    static void close() {
        server.close();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "nodes=abc|nodes: not a whole number: 'abc'",
                "cycles=99999999999999|cycles: 99999999999999 is out of range (-2147483648 to 2147483647)",
                "nodes=-1|nodes must be at least 1, got -1",
            })
    void aNumberItCannotReadIsA400ThatSaysWhy(String query, String says) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(server.address() + "api/run?" + query))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains(says), r.body());
    }
}
