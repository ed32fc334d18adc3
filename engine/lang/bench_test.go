package lang

import "testing"

func BenchmarkLocalize(b *testing.B) {
	c, err := Load("good", testdata, "testdata/good")
	if err != nil {
		b.Fatal(err)
	}
	data := map[string]string{"seat": "Ann", "cost": "1500"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Localize(German, "cost", data); err != nil {
			b.Fatal(err)
		}
	}
}
