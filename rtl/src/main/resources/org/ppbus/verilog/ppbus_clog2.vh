// ceil(log2 x) for x >= 1, as a constant function: Verilog-2001 has no $clog2. Included inside
// the body of each module that sizes something by it.
function integer clog2;
    input integer x;
    integer r;
    begin
        r = 0;
        while ((1 << r) < x) begin
            r = r + 1;
        end
        clog2 = r;
    end
endfunction
